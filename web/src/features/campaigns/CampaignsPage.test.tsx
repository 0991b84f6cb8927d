import type { CampaignFeedPayload, CampaignView } from '@atendo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CampaignsPage } from './CampaignsPage';
import { aCampaign } from './fixtures';

const rows = () => screen.queryAllByTestId('campaign-row');
const ids = () => rows().map((r) => Number(r.dataset.campaignId));
const row = (id: number) => rows().find((r) => r.dataset.campaignId === String(id))!;
const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET').map(({ method, url }) => ({ method, url }));

describe('campaigns page (/campaigns)', () => {
  let campaigns: CampaignView[];

  beforeEach(() => {
    FakeWebSocket.install();
    campaigns = [
      aCampaign(1, { name: 'Idle' }),
      aCampaign(2, { name: 'Scheduled', status: 'PROGRAMADA', scheduledAt: '2099-05-01T12:00:00.000Z' }),
      aCampaign(3, { name: 'Running', status: 'EM_ANDAMENTO', editable: false, progress: { validContacts: 4, queued: 3, delivered: 2, failed: 0, percent: 50 } }),
      aCampaign(4, { name: 'Stopped', status: 'CANCELADA' }),
      aCampaign(5, { name: 'Done', status: 'FINALIZADA', editable: false, completedAt: '2026-05-01T12:00:00.000Z' }),
    ];
  });
  afterEach(() => vi.unstubAllGlobals());

  function serve(refuseRestart = false) {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (call.method === 'GET' && url.pathname === '/campaigns') return { body: { records: campaigns, hasMore: false } };
      if (call.method === 'POST' && url.pathname === '/campaigns/3/cancel') return { body: { ...campaigns[2]!, status: 'CANCELADA', editable: true } };
      if (call.method === 'POST' && url.pathname === '/campaigns/4/restart')
        return refuseRestart ? { status: 409, body: { error: 'ERR_CAMPAIGN_INVALID_TRANSITION' } } : { body: { ...campaigns[3]!, status: 'EM_ANDAMENTO', editable: false } };
      if (call.method === 'DELETE' && url.pathname === '/campaigns/1') return { status: 204 };
      return { status: 404, body: { error: 'ERR_CAMPAIGN_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<CampaignsPage />, { path: '/campaigns', route: '/campaigns', user: admin });
  const status = (id: number) => within(row(id)).getByTestId('campaign-status').textContent;

  it('lists each campaign with its translated status, list, connection and progress', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    expect([1, 2, 3, 4, 5].map(status)).toEqual(['Inactive', 'Scheduled', 'In progress', 'Cancelled', 'Finished']);
    expect(row(1).textContent).toContain('Customers');
    expect(row(1).textContent).toContain('Main');
    expect(within(row(3)).getByTestId('campaign-progress').textContent).toContain('2/4 (50%)');
  });

  it('offers stop only while in progress and restart only when cancelled', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    const withAction = (testId: string) => [1, 2, 3, 4, 5].filter((id) => within(row(id)).queryByTestId(testId));
    expect(withAction('campaign-stop')).toEqual([3]);
    expect(withAction('campaign-restart')).toEqual([4]);
    expect(withAction('campaign-edit')).toEqual([1, 2, 3, 4, 5]);
    expect(withAction('campaign-report')).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops a running campaign, says so, and its row shows it cancelled with restart offered', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    await userEvent.click(within(row(3)).getByTestId('campaign-stop'));
    await waitFor(() => expect(status(3)).toBe('Cancelled'));
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/campaigns/3/cancel' }]);
    expect(within(row(3)).queryByTestId('campaign-stop')).toBeNull();
    expect(within(row(3)).getByTestId('campaign-restart')).toBeTruthy();
    expect(await screen.findByText('Campaign stopped.')).toBeTruthy();
  });

  it('shows a refused restart as a toast with the error message, and the row keeps its status', async () => {
    serve(true);
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    await userEvent.click(within(row(4)).getByTestId('campaign-restart'));
    expect(await screen.findByText("This action is not possible in the campaign's current status.")).toBeTruthy();
    expect(status(4)).toBe('Cancelled');
  });

  it('restarts a cancelled campaign', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    await userEvent.click(within(row(4)).getByTestId('campaign-restart'));
    await waitFor(() => expect(status(4)).toBe('In progress'));
    expect(await screen.findByText('Campaign restarted.')).toBeTruthy();
  });

  it('opens the report page of a campaign', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    await userEvent.click(within(row(3)).getByTestId('campaign-report'));
    expect(screen.getByTestId('location').textContent).toBe('/campaign/3/report');
  });

  it('deletes a campaign after confirmation', async () => {
    const { calls } = serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    await userEvent.click(within(row(1)).getByTestId('campaign-delete'));
    expect(writes(calls)).toEqual([]);
    await userEvent.click(await screen.findByTestId('campaign-delete-dialog-confirm'));
    await waitFor(() => expect(ids()).toEqual([2, 3, 4, 5]));
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/campaigns/1' }]);
  });

  it('follows the campaign feed: new ones first, changes in place, deletions removed', async () => {
    serve();
    render();
    await waitFor(() => expect(ids()).toEqual([1, 2, 3, 4, 5]));
    const feed = (seq: number, payload: CampaignFeedPayload) => FakeWebSocket.latest().receive({ type: 'entry', seq, event: `company-${admin.companyId}-campaign`, payload });
    feed(1, { action: 'create', record: aCampaign(9, { name: 'Fresh' }) });
    expect(ids()).toEqual([9, 1, 2, 3, 4, 5]);
    feed(2, { action: 'update', record: { ...campaigns[2]!, status: 'FINALIZADA', progress: { validContacts: 4, queued: 4, delivered: 4, failed: 0, percent: 100 } } });
    expect(ids()).toEqual([9, 1, 2, 3, 4, 5]);
    expect(status(3)).toBe('Finished');
    expect(within(row(3)).queryByTestId('campaign-stop')).toBeNull();
    feed(3, { action: 'delete', id: 2 });
    expect(ids()).toEqual([9, 1, 3, 4, 5]);
  });
});
