import type { CampaignReport } from '@atendo/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../ui/dates';
import { fakeFetch, type FakeCall } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { CampaignReportPage, REPORT_RELOAD_MS } from './CampaignReportPage';
import { aCampaign } from './fixtures';

const reportCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/campaigns/3/report').length;

describe('campaign report page (/campaign/:campaignId/report)', () => {
  const notBefore = '2026-05-01T12:34:00.000Z';
  let report: CampaignReport;

  beforeEach(() => {
    FakeWebSocket.install();
    report = {
      campaign: aCampaign(3, {
        name: 'Black Friday',
        status: 'EM_ANDAMENTO',
        editable: false,
        progress: { validContacts: 4, queued: 3, delivered: 2, failed: 1, percent: 50 },
        deferral: { notBefore, reason: 'rateLimited' },
      }),
      timeline: [
        { at: '2026-05-01T12:00:00.000Z', delivered: 1, failed: 0 },
        { at: '2026-05-01T12:02:00.000Z', delivered: 1, failed: 1 },
      ],
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function serve() {
    return fakeFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/campaigns/3/report') return { body: report };
      if (url.pathname === '/campaigns/3/shipping')
        return {
          body: {
            records: [
              { number: '5511999990001', variant: 1, body: 'Olá Ana', dueAt: '2026-05-01T12:00:00.000Z', deliveredAt: '2026-05-01T12:00:05.000Z', failedAt: null, reason: null },
              { number: '5511999990002', variant: 2, body: 'Oi Bia', dueAt: '2026-05-01T12:02:00.000Z', deliveredAt: null, failedAt: '2026-05-01T12:02:03.000Z', reason: 'not on WhatsApp' },
            ],
            hasMore: false,
          },
        };
      return { status: 404, body: { error: 'ERR_CAMPAIGN_NOT_FOUND' } };
    });
  }

  const render = () => renderSignedIn(<CampaignReportPage />, { path: '/campaign/3/report', route: '/campaign/:campaignId/report', user: admin });

  it('shows progress, counts, the governor hold, the chart per minute and the messages', async () => {
    serve();
    render();
    const progress = await screen.findByTestId('campaign-report-progress');
    expect(progress.dataset.percent).toBe('50');
    expect(progress.textContent).toContain('50% delivered');
    expect(screen.getByTestId('campaign-count-validContacts').textContent).toBe('4Valid contacts');
    expect(screen.getByTestId('campaign-count-failed').textContent).toBe('1Failed');
    expect(screen.getByTestId('campaign-deferral').textContent).toBe(`Paused until ${formatTime(notBefore)}: WhatsApp asked to slow down`);
    // Three minutes, the quiet one in the middle too.
    expect(screen.getAllByTestId('campaign-chart-bar').map((b) => [b.dataset.delivered, b.dataset.failed])).toEqual([['1', '0'], ['0', '0'], ['1', '1']]);
    await waitFor(() => expect(screen.getAllByTestId('campaign-shipping-row')).toHaveLength(2));
    expect(screen.getByText(/not on WhatsApp/)).toBeTruthy();
  });

  it('follows the campaign live and reloads 5 s after it finishes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = serve();
    render();
    await screen.findByTestId('campaign-report-progress');
    expect(reportCalls(calls)).toBe(1);
    const finished = { ...report.campaign, status: 'FINALIZADA' as const, deferral: null, progress: { validContacts: 4, queued: 4, delivered: 3, failed: 1, percent: 75 } };
    act(() => FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-campaign`, payload: { action: 'update', record: finished } }));
    expect(screen.getByTestId('campaign-report-progress').dataset.percent).toBe('75');
    expect(screen.queryByTestId('campaign-deferral')).toBeNull();
    report = { ...report, campaign: finished, timeline: [...report.timeline, { at: '2026-05-01T12:03:00.000Z', delivered: 1, failed: 0 }] };
    await act(async () => vi.advanceTimersByTime(REPORT_RELOAD_MS - 100));
    expect(reportCalls(calls)).toBe(1);
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(reportCalls(calls)).toBe(2));
    await waitFor(() => expect(screen.getAllByTestId('campaign-chart-bar')).toHaveLength(4));
  });

  it('ignores another campaign of the feed', async () => {
    serve();
    render();
    await screen.findByTestId('campaign-report-progress');
    act(() => FakeWebSocket.latest().receive({ type: 'entry', seq: 1, event: `company-${admin.companyId}-campaign`, payload: { action: 'update', record: aCampaign(4, { progress: { validContacts: 1, queued: 1, delivered: 1, failed: 0, percent: 100 } }) } }));
    expect(screen.getByTestId('campaign-report-progress').dataset.percent).toBe('50');
  });
});
