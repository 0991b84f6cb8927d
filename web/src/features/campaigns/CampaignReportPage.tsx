import type { CampaignReport, CampaignShipping } from '@atendo/contracts';
import { Button, Card, Classes, H3, H5, Intent, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/ApiError';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { campaignsApi } from './campaignsApi';
import { CampaignStatusTag } from './CampaignStatusTag';
import { dateTime } from './CampaignTable';
import { DeliveryChart } from './DeliveryChart';
import { GovernorHoldCallout } from '../../ui/GovernorHold';
import { ShippingTable } from './ShippingTable';
import '../../ui/listPage/listPage.css';
import './campaigns.css';

/** Spec §9: the report reloads 5 s after the campaign's finished event; the chart catches up as often while it runs. */
export const REPORT_RELOAD_MS = 5000;

interface Shipping {
  records: CampaignShipping[];
  hasMore: boolean;
  page: number;
  loading: boolean;
}

/** /campaign/:campaignId/report: progress, counts, the governor's hold, deliveries per minute and each contact's message. */
export function CampaignReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().campaignId);
  const [report, setReport] = useState<CampaignReport>();
  const [missing, setMissing] = useState(false);
  const [shipping, setShipping] = useState<Shipping>({ records: [], hasMore: false, page: 0, loading: true });
  const pending = useRef<ReturnType<typeof setTimeout>>();

  const loadReport = useCallback(() => {
    campaignsApi.report(id).then(setReport, (error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setMissing(true);
      else toastError(error);
    });
  }, [id]);

  const loadShipping = useCallback(
    (page: number) => {
      setShipping((s) => ({ ...s, loading: true }));
      campaignsApi.shipping(id, page).then(
        (answer) => setShipping((s) => ({ records: page === 1 ? answer.records : [...s.records, ...answer.records], hasMore: answer.hasMore, page, loading: false })),
        (error: unknown) => {
          setShipping((s) => ({ ...s, loading: false }));
          if (!(error instanceof ApiError && error.status === 404)) toastError(error);
        },
      );
    },
    [id],
  );

  const reload = useCallback(() => {
    loadReport();
    loadShipping(1);
  }, [loadReport, loadShipping]);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setMissing(true);
      return;
    }
    reload();
    return () => clearTimeout(pending.current);
  }, [id, reload]);
  useFeedReload(reload);

  /** One reload at a time, REPORT_RELOAD_MS after the change that asked for it. */
  const reloadSoon = (all: boolean) => {
    if (pending.current && !all) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      if (all) reload();
      else loadReport();
    }, REPORT_RELOAD_MS);
  };

  useFeed('campaign', (payload) => {
    if (payload.action === 'delete') {
      if (payload.id === id) setMissing(true);
      return;
    }
    if (payload.record.id !== id) return;
    const finished = payload.record.status === 'FINALIZADA' && report?.campaign.status !== 'FINALIZADA';
    setReport((r) => r && { ...r, campaign: payload.record });
    reloadSoon(finished);
  });

  if (missing) {
    return (
      <div className="shell-page campaign-report-page" data-testid="page">
        <NonIdealState icon="search" title={t('campaigns.reportPage.notFound')} action={<Button icon="arrow-left" text={t('campaigns.reportPage.back')} onClick={() => navigate('/campaigns')} />} />
      </div>
    );
  }
  if (!report) {
    return (
      <div className="shell-page campaign-report-page" data-testid="page">
        <Spinner size={32} />
      </div>
    );
  }

  const { campaign, timeline } = report;
  const { progress } = campaign;
  const counts: Array<[string, number, string]> = [
    ['validContacts', progress.validContacts, t('campaigns.reportPage.validContacts')],
    ['queued', progress.queued, t('campaigns.reportPage.queued')],
    ['delivered', progress.delivered, t('campaigns.reportPage.delivered')],
    ['failed', progress.failed, t('campaigns.reportPage.failed')],
  ];
  const running = campaign.status === 'EM_ANDAMENTO';

  return (
    <div className="shell-page campaign-report-page" data-testid="page">
      <div className="list-page-header">
        <div className="list-page-title">
          <Button variant="minimal" icon="arrow-left" aria-label={t('campaigns.reportPage.back')} title={t('campaigns.reportPage.back')} onClick={() => navigate('/campaigns')} data-testid="campaign-report-back" />
          <H3 className="list-page-heading" data-testid="campaign-report-name">
            {t('campaigns.reportPage.title', { name: campaign.name })}
          </H3>
          <CampaignStatusTag status={campaign.status} />
        </div>
        <span className={Classes.TEXT_MUTED}>
          {campaign.whatsapp?.name}
          {campaign.startedAt && ` · ${t('campaigns.reportPage.startedAt')} ${dateTime(campaign.startedAt)}`}
          {campaign.completedAt && ` · ${t('campaigns.completedAt')} ${dateTime(campaign.completedAt)}`}
        </span>
      </div>
      <div className="campaign-report-body">
        {campaign.deferral && <GovernorHoldCallout hold={campaign.deferral} />}
        <Card className="campaign-report-progress" data-testid="campaign-report-progress" data-percent={progress.percent}>
          <div className="campaign-report-percent">{t('campaigns.reportPage.progress', { percent: progress.percent })}</div>
          <ProgressBar value={progress.percent / 100} animate={running} stripes={running} intent={progress.percent >= 100 ? Intent.SUCCESS : Intent.PRIMARY} />
          <div className="campaign-report-counts">
            {counts.map(([key, value, label]) => (
              <div key={key} className="campaign-report-count" data-testid={`campaign-count-${key}`}>
                <span className="campaign-report-count-value">{value}</span>
                <span className={Classes.TEXT_MUTED}>{label}</span>
              </div>
            ))}
          </div>
        </Card>
        <Card className="campaign-report-chart">
          <H5>{t('campaigns.reportPage.chart')}</H5>
          <DeliveryChart timeline={timeline} />
          <div className="campaign-chart-legend">
            <span className="campaign-chart-key campaign-chart-key-delivered" />
            {t('campaigns.reportPage.delivered')}
            <span className="campaign-chart-key campaign-chart-key-failed" />
            {t('campaigns.reportPage.failed')}
          </div>
        </Card>
        <Card className="campaign-report-shipping">
          <H5>{t('campaigns.reportPage.shipping')}</H5>
          <ShippingTable records={shipping.records} hasMore={shipping.hasMore} loading={shipping.loading} onMore={() => loadShipping(shipping.page + 1)} />
        </Card>
      </div>
    </div>
  );
}
