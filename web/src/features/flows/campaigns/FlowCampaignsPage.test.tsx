import type { FlowCampaign } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../../test/fakeFetch';
import { FakeWebSocket } from '../../../test/fakeWebSocket';
import { aConnection, admin, me } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/renderSignedIn';
import { aFlow, aFlowCampaign } from '../fixtures';
import { FlowCampaignsPage } from './FlowCampaignsPage';

const rows = () => screen.queryAllByTestId('flow-campaign-row');
const ids = () => rows().map((r) => Number(r.dataset.flowCampaignId));
const row = (id: number) => rows().find((r) => r.dataset.flowCampaignId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url, body }) => ({ method, url, body }));

describe('flow campaigns page (/phrase-lists)', () => {
  let campaigns: FlowCampaign[];

  beforeEach(() => {
    FakeWebSocket.install();
    campaigns = [aFlowCampaign(1, { name: 'Promo', phrase: 'quero promoção' }), aFlowCampaign(2, { name: 'Old', status: false })];
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/flowcampaign') return { body: { flows: campaigns } };
      if (call.method === 'GET' && url.pathname === '/flowbuilder') return { body: { flows: [aFlow(1, { name: 'Welcome' }), aFlow(2, { name: 'Sales' })], hasMore: false } };
      if (call.method === 'GET' && url.pathname === '/whatsapp') return { body: [aConnection(1, { name: 'Main' }), aConnection(4, { name: 'Support line' })] };
      if (call.method === 'POST' && url.pathname === '/flowcampaign') return { status: 201, body: aFlowCampaign(9, call.body as Partial<FlowCampaign>) };
      if (call.method === 'PUT' && url.pathname === '/flowcampaign') return { body: aFlowCampaign(1, call.body as Partial<FlowCampaign>) };
      if (call.method === 'DELETE' && url.pathname === '/flowcampaign/2') return { status: 204 };
      return { status: 404, body: { error: 'ERR_FLOW_CAMPAIGN_NOT_FOUND' } };
    });
  }

  const render = (user = admin) => renderSignedIn(<FlowCampaignsPage />, { path: '/phrase-lists', route: '/phrase-lists', user });

  it('lists name and status (Ativo / Desativado in Portuguese)', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(within(row(1)).getByTestId('flow-campaign-status').textContent).toBe('Active');
    expect(within(row(2)).getByTestId('flow-campaign-status').textContent).toBe('Disabled');
    expect(within(row(1)).getByTestId('flow-campaign-row-name').textContent).toBe('Promo');
  });

  it('shows delete only where the contacts delete permission allows the profile', async () => {
    serve();
    render(me);
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    expect(screen.queryByTestId('flow-campaign-delete')).toBeNull();
  });

  it('requires name, flow, connection and phrase, flagging them, and sends nothing', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    await userEvent.click(screen.getByTestId('flow-campaign-add'));
    await userEvent.click(screen.getByTestId('flow-campaign-submit'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Flow is required')).toBeTruthy();
    expect(screen.getByText('Connection is required')).toBeTruthy();
    expect(screen.getByText('Phrase is required')).toBeTruthy();
    expect(screen.getByTestId('flow-campaign-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('flow-campaign-flow').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('creates an active campaign by default, first in the list', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    await userEvent.click(screen.getByTestId('flow-campaign-add'));
    expect(screen.getByTestId<HTMLInputElement>('flow-campaign-status-switch').checked).toBe(true);
    await userEvent.type(screen.getByTestId('flow-campaign-name'), ' Black Friday ');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Sales' })).toBeTruthy());
    await userEvent.selectOptions(screen.getByTestId('flow-campaign-flow'), 'Sales');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Support line' })).toBeTruthy());
    await userEvent.selectOptions(screen.getByTestId('flow-campaign-connection'), 'Support line');
    await userEvent.type(screen.getByTestId('flow-campaign-phrase'), 'quero desconto');
    await userEvent.click(screen.getByTestId('flow-campaign-submit'));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'POST', url: '/flowcampaign', body: { name: 'Black Friday', flowId: 2, whatsappId: 4, phrase: 'quero desconto', status: true } }]),
    );
    await waitFor(() => expect(ids()).toEqual([9, 1, 2]));
    expect(await screen.findByText('Phrase created successfully!')).toBeTruthy();
  });

  it('edits a campaign with every field and its id', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    await userEvent.click(within(row(1)).getByTestId('flow-campaign-edit'));
    expect(screen.getByTestId<HTMLInputElement>('flow-campaign-name').value).toBe('Promo');
    await userEvent.click(screen.getByTestId('flow-campaign-status-switch'));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Welcome' })).toBeTruthy());
    await userEvent.click(screen.getByTestId('flow-campaign-submit'));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'PUT', url: '/flowcampaign', body: { id: 1, name: 'Promo', flowId: 1, whatsappId: 1, phrase: 'quero promoção', status: false } }]),
    );
    await waitFor(() => expect(within(row(1)).getByTestId('flow-campaign-status').textContent).toBe('Disabled'));
    expect(await screen.findByText('Phrase changed successfully!')).toBeTruthy();
  });

  it('deletes a campaign after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    await userEvent.click(within(row(2)).getByTestId('flow-campaign-delete'));
    await userEvent.click(await screen.findByTestId('flow-campaign-delete-dialog-confirm'));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/flowcampaign/2', body: undefined }]));
    await waitFor(() => expect(ids()).toEqual([1]));
    expect(await screen.findByText('Phrase deleted')).toBeTruthy();
  });

  it('follows the flowcampaign feed', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2]));
    FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-flowcampaign`, payload: { action: 'create', record: aFlowCampaign(7) } });
    expect(ids()).toEqual([7, 1, 2]);
    FakeWebSocket.latest().receive({ type: 'entry', seq: 2, event: `company-${admin.companyId}-flowcampaign`, payload: { action: 'delete', id: 1 } });
    expect(ids()).toEqual([7, 2]);
  });
});
