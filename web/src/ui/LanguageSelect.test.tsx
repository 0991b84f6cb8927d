import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, currentLanguage } from '../i18n';
import { fakeFetch } from '../test/fakeFetch';
import { LanguageSelect } from './LanguageSelect';

describe('LanguageSelect', () => {
  afterEach(() => {
    changeLanguage('en');
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('switches the language and, signed in, keeps it for the user', async () => {
    localStorage.setItem('token', 'jwt');
    const { calls } = fakeFetch(() => ({ body: { message: 'ok' } }));
    render(<LanguageSelect />);
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    await vi.waitFor(() => expect(calls).toEqual([{ method: 'POST', url: '/users/set-language/es', token: 'jwt', body: undefined }]));
  });

  it('signed out (the login page), only switches the browser', async () => {
    const { calls } = fakeFetch(() => ({ body: {} }));
    render(<LanguageSelect />);
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'pt');
    expect(currentLanguage()).toBe('pt');
    expect(calls).toEqual([]);
  });
});
