import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AckIcon } from './AckIcon';

const shown = (container: HTMLElement) => [...container.querySelectorAll('[data-icon]')].map((i) => i.getAttribute('data-icon'));

describe('ack icon', () => {
  it('shows a clock while a reply is sending, also when WhatsApp has not confirmed it yet', () => {
    const { container } = render(<AckIcon ack={0} failed={false} />);
    expect(shown(container)).toEqual(['time']);
  });

  it('warns only when WhatsApp refused the reply, and follows the acks otherwise', () => {
    const { container, rerender } = render(<AckIcon ack={0} failed />);
    expect(shown(container)).toEqual(['warning-sign']);
    rerender(<AckIcon ack={3} failed={false} />);
    expect(screen.getByRole('img', { name: 'Read' })).toBeTruthy();
  });
});
