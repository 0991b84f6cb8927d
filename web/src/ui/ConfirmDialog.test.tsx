import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { ConfirmDialog } from './ConfirmDialog';
import { toastError } from './toaster';

vi.mock('./toaster', async (original) => ({ ...(await original<typeof import('./toaster')>()), toastError: vi.fn() }));

function ask(onConfirm: () => Promise<unknown>, keepOpenOnError = false) {
  const onClose = vi.fn();
  render(
    <ConfirmDialog isOpen title="Delete" confirmText="Delete" cancelText="Cancel" onConfirm={onConfirm} onClose={onClose} testId="thing-confirm" keepOpenOnError={keepOpenOnError}>
      <p>Delete the thing?</p>
    </ConfirmDialog>,
  );
  return onClose;
}

describe('ConfirmDialog', () => {
  beforeEach(() => vi.mocked(toastError).mockClear());

  it('asks, runs the action on confirm and closes after it', async () => {
    let finish = () => undefined as void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = ask(onConfirm);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByTestId('thing-confirm').textContent).toBe('Delete the thing?');

    await userEvent.click(screen.getByTestId('thing-confirm-confirm'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // Waiting for the action: no second click, no cancel.
    expect(screen.getByTestId<HTMLButtonElement>('thing-confirm-cancel').disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('cancels without running the action', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = ask(onConfirm);
    await userEvent.click(screen.getByTestId('thing-confirm-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('toasts a refusal and closes', async () => {
    const refusal = new ApiError(409, 'ERR_PLAN_IN_USE');
    const onClose = ask(() => Promise.reject(refusal));
    await userEvent.click(screen.getByTestId('thing-confirm-confirm'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open after a refusal when keepOpenOnError', async () => {
    const refusal = new ApiError(409, 'ERR_PLAN_IN_USE');
    const onClose = ask(() => Promise.reject(refusal), true);
    await userEvent.click(screen.getByTestId('thing-confirm-confirm'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLButtonElement>('thing-confirm-confirm').disabled).toBe(false);
  });
});
