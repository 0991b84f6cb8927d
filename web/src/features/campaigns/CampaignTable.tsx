import type { CampaignView } from '@atendo/contracts';
import { Button, Classes, HTMLTable, Intent, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatTime } from '../../ui/dates';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { CampaignStatusTag } from './CampaignStatusTag';

export interface CampaignActions {
  onStop(campaign: CampaignView): void;
  onRestart(campaign: CampaignView): void;
  onEdit(campaign: CampaignView): void;
  onDelete(campaign: CampaignView): void;
}

interface CampaignTableProps extends CampaignActions {
  campaigns: CampaignView[];
  loading: boolean;
  searching: boolean;
  loadMore(): void;
}

export const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '');

/**
 * Spec "Campaigns": name, status, contact list, connection, scheduledAt, completedAt, progress; stop only while in
 * progress, restart only when cancelled, the report, edit and delete. The next page loads near the bottom.
 */
export function CampaignTable({ campaigns, loading, searching, loadMore, onStop, onRestart, onEdit, onDelete }: CampaignTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ref, onScroll } = useInfiniteScroll(loadMore, campaigns);
  return (
    <div className="campaign-list" ref={ref} onScroll={onScroll} data-testid="campaign-list">
      {campaigns.length > 0 && (
        <HTMLTable className="campaign-table" interactive striped compact data-testid="campaign-table">
          <thead>
            <tr>
              <th>{t('campaigns.name')}</th>
              <th>{t('campaigns.status')}</th>
              <th className="campaign-col-optional">{t('campaigns.contactList')}</th>
              <th className="campaign-col-optional">{t('campaigns.connection')}</th>
              <th className="campaign-col-optional">{t('campaigns.scheduledAt')}</th>
              <th className="campaign-col-optional">{t('campaigns.completedAt')}</th>
              <th>{t('campaigns.progress')}</th>
              <th className="campaign-actions">{t('campaigns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((campaign) => (
              <tr key={campaign.id} data-testid="campaign-row" data-campaign-id={campaign.id}>
                <td data-testid="campaign-row-name" className="campaign-name">
                  {campaign.name}
                </td>
                <td>
                  <CampaignStatusTag status={campaign.status} />
                </td>
                <td className="campaign-col-optional">{campaign.contactList?.name ?? (campaign.tag ? `#${campaign.tag.name}` : <span className={Classes.TEXT_MUTED}>{t('campaigns.none')}</span>)}</td>
                <td className="campaign-col-optional">{campaign.whatsapp?.name ?? ''}</td>
                <td className="campaign-col-optional" data-testid="campaign-scheduled">
                  {campaign.scheduledAt ? dateTime(campaign.scheduledAt) : <span className={Classes.TEXT_MUTED}>{t('campaigns.notScheduled')}</span>}
                </td>
                <td className="campaign-col-optional">{dateTime(campaign.completedAt)}</td>
                <td className="campaign-progress" data-testid="campaign-progress">
                  <ProgressBar value={campaign.progress.percent / 100} animate={false} stripes={false} intent={campaign.progress.percent >= 100 ? Intent.SUCCESS : Intent.PRIMARY} />
                  <span className={Classes.TEXT_SMALL}>
                    {campaign.progress.delivered}/{campaign.progress.validContacts} ({campaign.progress.percent}%)
                  </span>
                </td>
                <td className="campaign-actions">
                  {campaign.status === 'EM_ANDAMENTO' && (
                    <Button variant="minimal" icon="stop" intent={Intent.WARNING} aria-label={t('campaigns.stop')} title={t('campaigns.stop')} onClick={() => onStop(campaign)} data-testid="campaign-stop" />
                  )}
                  {campaign.status === 'CANCELADA' && (
                    <Button variant="minimal" icon="repeat" intent={Intent.PRIMARY} aria-label={t('campaigns.restart')} title={t('campaigns.restart')} onClick={() => onRestart(campaign)} data-testid="campaign-restart" />
                  )}
                  <Button
                    variant="minimal"
                    icon="timeline-line-chart"
                    aria-label={t('campaigns.report')}
                    title={t('campaigns.report')}
                    onClick={() => navigate(`/campaign/${campaign.id}/report`)}
                    data-testid="campaign-report"
                  />
                  <Button variant="minimal" icon="edit" aria-label={t('campaigns.edit')} title={t('campaigns.edit')} onClick={() => onEdit(campaign)} data-testid="campaign-edit" />
                  <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={t('campaigns.delete')} title={t('campaigns.delete')} onClick={() => onDelete(campaign)} data-testid="campaign-delete" />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {campaigns.length === 0 && !loading && <NonIdealState icon="send-message" title={searching ? t('campaigns.noMatch') : t('campaigns.empty')} />}
      {loading && <Spinner size={24} className="campaign-list-spinner" />}
    </div>
  );
}
