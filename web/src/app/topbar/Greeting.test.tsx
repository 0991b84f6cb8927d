import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { me } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { Greeting } from './Greeting';

describe('greeting', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('greets a user by name, without the due date', () => {
    renderSignedIn(<Greeting />);
    expect(screen.getByTestId('greeting').textContent).toBe('Hello Ana');
    expect(screen.queryByTestId('greeting-due-date')).toBeNull();
  });

  it("shows an admin the company's due date as dd/MM/yyyy", () => {
    renderSignedIn(<Greeting />, { user: { ...me, profile: 'admin', company: { ...me.company, dueDate: '2026-12-15T12:00:00.000Z' } } });
    expect(screen.getByTestId('greeting-due-date').textContent).toBe('Subscription due 15/12/2026');
  });
});
