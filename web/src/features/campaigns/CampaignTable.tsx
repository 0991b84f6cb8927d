import type { CampaignView } from '@atendo/contracts';
import { Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatTime } from '../../ui/dates';
import { ListTable } from '../../ui/listPage/ListTable';
import { EditDeleteButtons, RowButton } from '../../ui/listPage/RowButton';
import { CampaignStatusTag } from './CampaignStatusTag';

export interface CampaignActions {
  onStop(campaign: CampaignView): void;
  onRestart(campaign: CampaignView): void;
  onEdit(campaign: CampaignView): void;
  onDelete(campaign: CampaignView): void;
}

interface CampaignTableProps extends CampaignActions {
  campaigns: CampaignView[];
}

export const dateTime = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '');

/**
 * Spec "Campaigns": name, status, contact list, connection, scheduledAt, completedAt, progress; stop only while in
 * progress, restart only when cancelled, the report, edit and delete.
 */
export function CampaignTable({ campaigns, onStop, onRestart, onEdit, onDelete }: CampaignTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const optional = 'campaign-col-optional';
  const columns = [
    { label: t('campaigns.name') },
    { label: t('campaigns.status') },
    { label: t('campaigns.contactList'), className: optional },
    { label: t('campaigns.connection'), className: optional },
    { label: t('campaigns.scheduledAt'), className: optional },
    { label: t('campaigns.completedAt'), className: optional },
    { label: t('campaigns.progress') },
    { label: t('campaigns.actions'), className: 'list-page-actions campaign-actions' },
  ];
  return (
    <ListTable columns={columns} interactive compact className="campaign-table" testId="campaign-table">
      {campaigns.map((campaign) => (
        <tr key={campaign.id} data-testid="campaign-row" data-campaign-id={campaign.id}>
          <td data-testid="campaign-row-name" className="campaign-name">
            {campaign.name}
          </td>
          <td>
            <CampaignStatusTag status={campaign.status} />
          </td>
          <td className={optional}>{campaign.contactList?.name ?? (campaign.tag ? `#${campaign.tag.name}` : <span className={Classes.TEXT_MUTED}>{t('campaigns.none')}</span>)}</td>
          <td className={optional}>{campaign.whatsapp?.name ?? ''}</td>
          <td className={optional} data-testid="campaign-scheduled">
            {campaign.scheduledAt ? dateTime(campaign.scheduledAt) : <span className={Classes.TEXT_MUTED}>{t('campaigns.notScheduled')}</span>}
          </td>
          <td className={optional}>{dateTime(campaign.completedAt)}</td>
          <td className="campaign-progress" data-testid="campaign-progress">
            <ProgressBar value={campaign.progress.percent / 100} animate={false} stripes={false} intent={campaign.progress.percent >= 100 ? Intent.SUCCESS : Intent.PRIMARY} />
            <span className={Classes.TEXT_SMALL}>
              {campaign.progress.delivered}/{campaign.progress.validContacts} ({campaign.progress.percent}%)
            </span>
          </td>
          <td className="list-page-actions campaign-actions">
            {campaign.status === 'EM_ANDAMENTO' && <RowButton icon="stop" intent={Intent.WARNING} label={t('campaigns.stop')} onClick={() => onStop(campaign)} testId="campaign-stop" />}
            {campaign.status === 'CANCELADA' && <RowButton icon="repeat" intent={Intent.PRIMARY} label={t('campaigns.restart')} onClick={() => onRestart(campaign)} testId="campaign-restart" />}
            <RowButton icon="timeline-line-chart" label={t('campaigns.report')} onClick={() => navigate(`/campaign/${campaign.id}/report`)} testId="campaign-report" />
            <EditDeleteButtons editLabel={t('campaigns.edit')} deleteLabel={t('campaigns.delete')} onEdit={() => onEdit(campaign)} onDelete={() => onDelete(campaign)} testIdPrefix="campaign" />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
