import type { QuickMessage } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';

import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { QuickMessageRow } from './QuickMessageRow';

/** Spec §9: the next page loads within 100 px of the bottom. */

interface QuickMessageListProps {
  records: QuickMessage[];
  loading: boolean;
  searching: boolean;
  editable(quickMessage: QuickMessage): boolean;
  loadMore(): void;
  onEdit(quickMessage: QuickMessage): void;
  onDelete(quickMessage: QuickMessage): void;
}

/** The quick messages, loading the next page near the bottom (infinite scroll). */
export function QuickMessageList({ records, loading, searching, editable, loadMore, onEdit, onDelete }: QuickMessageListProps) {
  const { t } = useTranslation();
  const { ref: ref, onScroll } = useInfiniteScroll(loadMore, records);

  return (
    <div className="quick-message-list" ref={ref} onScroll={onScroll} data-testid="quick-message-list">
      {records.length === 0 && !loading ? (
        <NonIdealState icon="flash" title={searching ? t('quickMessages.noMatch') : t('quickMessages.empty')} />
      ) : (
        records.map((q) => <QuickMessageRow key={q.id} quickMessage={q} editable={editable(q)} onEdit={onEdit} onDelete={onDelete} />)
      )}
      {loading && <Spinner size={24} className="quick-message-list-spinner" />}
    </div>
  );
}
