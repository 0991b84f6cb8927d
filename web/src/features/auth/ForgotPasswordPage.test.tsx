import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { ForgotPasswordPage } from './ForgotPasswordPage';

describe('password reset page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the new password in the body, never in the URL', async () => {
    const { calls } = fakeFetch(() => ({ body: { message: 'ok' } }));
    render(
      <Provider>
        <MemoryRouter initialEntries={['/forgot']}>
          <Routes>
            <Route path="/forgot" element={<ForgotPasswordPage />} />
            <Route path="/login" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
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
