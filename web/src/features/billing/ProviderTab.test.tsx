import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { can } from '../../app/useCan';
import { admin, superAdmin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { billingFeature } from './feature';
import { ProviderTab } from './ProviderTab';
import type { ProviderState } from './providerForm';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
const notSet: ProviderState = { set: false, provider: null, hint: null, by: null };

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';

describe('settings: payment provider tab', () => {
  let state: ProviderState;

  beforeEach(() => {
    FakeWebSocket.install();
    state = notSet;
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      if (call.url !== '/billing/provider') return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
      if (call.method === 'GET') return { body: state };
      const { clientId } = call.body as { clientId: string };
      state = { set: true, provider: 'efi', hint: clientId.slice(-4), by: superAdmin.id };
      return { body: state };
    });
  }

  const render = () => renderSignedIn(<ProviderTab />, { user: superAdmin, path: '/settings', route: '/settings' });

  it("is a settings tab for the super user only (billing:provider), never a company's admin", () => {
    const tab = billingFeature.parts.settingsTabs.find((t) => t.id === 'paymentProvider');
    expect(tab?.permission).toBe('billing:provider');
    expect(can(superAdmin, 'billing:provider')).toBe(true);
    expect(can(admin, 'billing:provider')).toBe(false);
  });

  it('says when the credentials are not set', async () => {
    serve();
    render();
    const status = await screen.findByTestId('provider-status');
    expect(status.textContent).toBe('The credentials are not set: no charge can be created.');
    expect(status.dataset.set).toBe('false');
  });

  it('stores the credentials: PUTs them, toasts, empties the form and shows the hint', async () => {
    const { calls } = serve();
    render();
    await screen.findByTestId('provider-status');

    expect(screen.getByTestId<HTMLInputElement>('provider-clientSecret').type).toBe('password');
    await userEvent.type(screen.getByTestId('provider-clientId'), '  Client_Id_ABCD1234  ');
    await userEvent.type(screen.getByTestId('provider-clientSecret'), 's3cret');
    // user-event reads braces as key names; paste the PEM blocks as they come from a file.
    await userEvent.click(screen.getByTestId('provider-certificatePem'));
    await userEvent.paste(CERT);
    await userEvent.click(screen.getByTestId('provider-keyPem'));
    await userEvent.paste(KEY);
    await userEvent.type(screen.getByTestId('provider-pixKey'), 'pix@acme.example');
    await userEvent.click(screen.getByTestId('provider-sandbox'));
    await userEvent.click(screen.getByTestId('provider-submit'));

    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: 'PUT',
          url: '/billing/provider',
          body: { provider: 'efi', clientId: 'Client_Id_ABCD1234', clientSecret: 's3cret', certificatePem: CERT, keyPem: KEY, pixKey: 'pix@acme.example', sandbox: false },
        },
      ]),
    );
    expect(await screen.findByText('Payment provider credentials saved.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('provider-status').textContent).toBe('The credentials are set (client id ending in 1234).'));
    expect(screen.getByTestId<HTMLInputElement>('provider-clientSecret').value).toBe('');
    expect(screen.getByTestId<HTMLTextAreaElement>('provider-keyPem').value).toBe('');
    expect(document.body.textContent).not.toContain('s3cret');
  });

  it('shows the hint of credentials already stored, and no stored value in the form', async () => {
    state = { set: true, provider: 'efi', hint: 'WXYZ', by: 1 };
    serve();
    render();
    await waitFor(() => expect(screen.getByTestId('provider-status').textContent).toBe('The credentials are set (client id ending in WXYZ).'));
    expect(screen.getByTestId<HTMLInputElement>('provider-clientId').value).toBe('');
  });

  it('refuses missing fields with their labels, sending nothing', async () => {
    const { calls } = serve();
    render();
    await screen.findByTestId('provider-status');

    await userEvent.type(screen.getByTestId('provider-clientId'), 'abc');
    await userEvent.click(screen.getByTestId('provider-submit'));

    expect(await screen.findByText('Client secret is required')).toBeTruthy();
    expect(screen.getByText('Pix key is required')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });
});
