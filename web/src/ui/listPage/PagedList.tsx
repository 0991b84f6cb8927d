import { NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useInfiniteScroll } from '../useInfiniteScroll';

const NO_MORE = () => undefined;

interface PagedListProps {
  items: readonly unknown[];
  loading: boolean;
  /** The next page, asked near the bottom (spec §9: infinite scroll); none for a list that comes whole. */
  loadMore?: () => void;
  /** What an empty list says, and what to do about it. */
  empty: { icon: IconName; text: string; hint?: string; testId?: string };
  /** Cards in a column rather than a table. */
  cards?: boolean;
  testId?: string;
  /** The rows (a ListTable, or cards); shown once there is one. */
  children: ReactNode;
}

/** The scrolling body of a ListPage: its rows, or what an empty list says, and a spinner while a page loads. */
export function PagedList({ items, loading, loadMore = NO_MORE, empty, cards = false, testId, children }: PagedListProps) {
  const { ref, onScroll } = useInfiniteScroll(loadMore, items);
  return (
    <div className={cards ? 'list-page-scroll list-page-cards' : 'list-page-scroll'} ref={ref} onScroll={onScroll} data-testid={testId}>
      {items.length === 0 && !loading ? <NonIdealState icon={empty.icon} title={empty.text} description={empty.hint} data-testid={empty.testId} /> : children}
      {loading && <Spinner size={24} className="list-page-spinner" />}
    </div>
  );
}
