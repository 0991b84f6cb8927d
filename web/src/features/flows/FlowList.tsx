import type { Flow } from '@atendo/contracts';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useInfiniteScroll } from '../../ui/useInfiniteScroll';
import { FlowRow, type FlowRowActions } from './FlowRow';

interface FlowListProps extends FlowRowActions {
  flows: Flow[];
  loading: boolean;
  searching: boolean;
  loadMore(): void;
}

/** The flows, loading the next page near the bottom (infinite scroll). */
export function FlowList({ flows, loading, searching, loadMore, ...actions }: FlowListProps) {
  const { t } = useTranslation();
  const { ref, onScroll } = useInfiniteScroll(loadMore, flows);
  return (
    <div className="flow-list" ref={ref} onScroll={onScroll} data-testid="flow-list">
      {flows.length === 0 && !loading ? (
        <NonIdealState icon="flow-branch" title={searching ? t('flows.noMatch') : t('flows.empty')} />
      ) : (
        flows.map((flow) => <FlowRow key={flow.id} flow={flow} {...actions} />)
      )}
      {loading && <Spinner size={24} className="flow-list-spinner" />}
    </div>
  );
}
