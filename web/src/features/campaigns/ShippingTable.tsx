import type { CampaignShipping } from '@atendo/contracts';
import { Button, Classes, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { dateTime } from './CampaignTable';

interface ShippingTableProps {
  records: CampaignShipping[];
  hasMore: boolean;
  loading: boolean;
  onMore(): void;
}

/** Each contact's message: number, variant, text, when it was due, and its outcome. */
export function ShippingTable({ records, hasMore, loading, onMore }: ShippingTableProps) {
  const { t } = useTranslation();
  if (records.length === 0 && !loading) return <NonIdealState icon="inbox" description={t('campaigns.reportPage.noShipping')} />;
  return (
    <div className="campaign-shipping" data-testid="campaign-shipping">
      <div className="campaign-table-scroll">
        <HTMLTable compact striped className="campaign-shipping-table">
          <thead>
            <tr>
              <th>{t('campaigns.reportPage.number')}</th>
              <th>{t('campaigns.reportPage.variant')}</th>
              <th className="campaign-col-optional">{t('campaigns.reportPage.message')}</th>
              <th className="campaign-col-optional">{t('campaigns.reportPage.dueAt')}</th>
              <th>{t('campaigns.reportPage.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((s) => (
              <tr key={s.number} data-testid="campaign-shipping-row">
                <td>{s.number}</td>
                <td>{s.variant}</td>
                <td className="campaign-col-optional campaign-shipping-body" title={s.body}>
                  {s.body}
                </td>
                <td className="campaign-col-optional">{dateTime(s.dueAt)}</td>
                <td>
                  {s.deliveredAt ? (
                    <Tag minimal intent={Intent.SUCCESS} icon="tick">
                      {dateTime(s.deliveredAt)}
                    </Tag>
                  ) : s.failedAt ? (
                    <Tag minimal intent={Intent.DANGER} icon="error" title={s.reason ?? undefined}>
                      {t('campaigns.reportPage.failed')}
                      {s.reason ? `: ${s.reason}` : ''}
                    </Tag>
                  ) : (
                    <span className={Classes.TEXT_MUTED}>{t('campaigns.reportPage.pending')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {hasMore && <Button variant="minimal" text={t('campaigns.reportPage.loadMore')} loading={loading} onClick={onMore} data-testid="campaign-shipping-more" className="campaign-shipping-more" />}
    </div>
  );
}
