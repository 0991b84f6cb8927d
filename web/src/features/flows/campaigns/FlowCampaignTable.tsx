import type { FlowCampaign } from '@atendo/contracts';
import { Button, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface FlowCampaignTableProps {
  campaigns: FlowCampaign[];
  /** Spec §6: delete only where the contacts delete permission allows the profile. */
  canDelete: boolean;
  onEdit(campaign: FlowCampaign): void;
  onDelete(campaign: FlowCampaign): void;
}

/** The phrase campaigns: name (with its phrase), status (Ativo or Desativado), actions. */
export function FlowCampaignTable({ campaigns, canDelete, onEdit, onDelete }: FlowCampaignTableProps) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="flow-campaign-table" interactive striped data-testid="flow-campaign-table">
      <thead>
        <tr>
          <th>{t('flowCampaigns.name')}</th>
          <th>{t('flowCampaigns.status')}</th>
          <th className="flow-campaign-actions">{t('flowCampaigns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map((campaign) => (
          <tr key={campaign.id} data-testid="flow-campaign-row" data-flow-campaign-id={campaign.id}>
            <td>
              <div data-testid="flow-campaign-row-name">{campaign.name}</div>
              <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>“{campaign.phrase}”</div>
            </td>
            <td>
              <Tag minimal round intent={campaign.status ? Intent.SUCCESS : Intent.NONE} data-testid="flow-campaign-status">
                {campaign.status ? t('flowCampaigns.active') : t('flowCampaigns.inactive')}
              </Tag>
            </td>
            <td className="flow-campaign-actions">
              <Button variant="minimal" icon="edit" aria-label={t('flowCampaigns.edit')} title={t('flowCampaigns.edit')} onClick={() => onEdit(campaign)} data-testid="flow-campaign-edit" />
              {canDelete && (
                <Button
                  variant="minimal"
                  icon="trash"
                  intent={Intent.DANGER}
                  aria-label={t('flowCampaigns.delete')}
                  title={t('flowCampaigns.delete')}
                  onClick={() => onDelete(campaign)}
                  data-testid="flow-campaign-delete"
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
