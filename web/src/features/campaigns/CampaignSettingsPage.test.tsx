import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CampaignSettingsPage } from './CampaignSettingsPage';

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));
const keys = () => screen.queryAllByTestId('campaign-variable').map((r) => r.dataset.key);

describe('campaign settings page (/campaigns-config)', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/campaign-settings') return { body: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Acme' }] } };
      if (call.method === 'POST' && url.pathname === '/campaign-settings') return { body: call.body };
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<CampaignSettingsPage />, { path: '/campaigns-config', route: '/campaigns-config', user: admin });

  async function addVariable(key: string, value: string) {
    await userEvent.clear(screen.getByTestId('campaign-variable-key'));
    await userEvent.type(screen.getByTestId('campaign-variable-key'), key);
    await userEvent.clear(screen.getByTestId('campaign-variable-value'));
    await userEvent.type(screen.getByTestId('campaign-variable-value'), value);
    await userEvent.click(screen.getByTestId('campaign-variable-add'));
  }

  it('shows the saved intervals with the spec choices', async () => {
    serve();
    render();
    const interval = await screen.findByTestId<HTMLSelectElement>('campaign-settings-messageInterval');
    expect(interval.value).toBe('20');
    expect(Array.from(interval.options).map((o) => o.value)).toEqual(['0', '5', '10', '15', '20']);
    expect(screen.getByTestId<HTMLSelectElement>('campaign-settings-longerIntervalAfter').options).toHaveLength(12);
    expect(screen.getByTestId<HTMLSelectElement>('campaign-settings-greaterInterval').value).toBe('60');
    expect(keys()).toEqual(['loja']);
  });

  it('does not add a variable whose key is already there, and says why', async () => {
    serve();
    render();
    await waitFor(() => expect(keys()).toEqual(['loja']));
    await addVariable('loja', 'Other');
    expect(screen.getByTestId('campaign-variable-refusal').textContent).toBe('The variable "loja" already exists.');
    expect(keys()).toEqual(['loja']);
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.queryByText('Other')).toBeNull();
  });

  it('refuses the contact placeholders as keys', async () => {
    serve();
    render();
    await waitFor(() => expect(keys()).toEqual(['loja']));
    await addVariable('nome', 'x');
    expect(screen.getByTestId('campaign-variable-refusal')).toBeTruthy();
    expect(keys()).toEqual(['loja']);
  });

  it('saves the intervals and variables, and says so', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(keys()).toEqual(['loja']));
    await userEvent.selectOptions(screen.getByTestId('campaign-settings-messageInterval'), '5');
    await userEvent.selectOptions(screen.getByTestId('campaign-settings-longerIntervalAfter'), '0');
    await userEvent.selectOptions(screen.getByTestId('campaign-settings-greaterInterval'), '0');
    await addVariable('cupom', 'BF10');
    expect(keys()).toEqual(['loja', 'cupom']);
    await userEvent.click(screen.getByTestId('campaign-settings-save'));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: 'POST',
          url: '/campaign-settings',
          body: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Acme' }, { key: 'cupom', value: 'BF10' }] },
        },
      ]),
    );
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });
});
