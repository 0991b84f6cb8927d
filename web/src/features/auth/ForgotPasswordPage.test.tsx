import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { renderSignedOut } from '../../test/renderSignedOut';
import { ForgotPasswordPage } from './ForgotPasswordPage';

describe('password reset page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the new password in the body, never in the URL', async () => {
    const { calls } = fakeFetch(() => ({ body: { message: 'ok' } }));
    renderSignedOut(<ForgotPasswordPage />, { path: '/forgot', elsewhere: { '/login': 'Login page' } });
    await userEvent.type(screen.getByLabelText('Email'), 'ines@demo.test');
    await userEvent.click(screen.getByTestId('forgot-submit'));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.type(screen.getByLabelText('New password'), 'Nova-senha-9');
    await userEvent.type(screen.getByLabelText('Confirm the new password'), 'Nova-senha-9');
    await userEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(screen.getByText('Login page')).toBeTruthy());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/resetpasswords/ines%40demo.test/123456', body: { newPassword: 'Nova-senha-9' } });
    expect(calls.map((c) => c.url).join(' ')).not.toContain('Nova-senha-9');
  });
});
