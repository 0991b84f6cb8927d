import type { Invoice, InvoicePage } from '@atendo/contracts/billing';
import { useCallback } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { addRecords, emptyRecords, type RecordsState } from '../../ui/listPage/records';
import { usePagedList } from '../../ui/usePagedList';
import { billingApi } from './billingApi';

interface InvoiceListState extends RecordsState<Invoice> {
  count: number;
}

const emptyInvoices: InvoiceListState = { ...emptyRecords<Invoice>(), count: 0 };

const addInvoicePage = (state: InvoiceListState, page: number, answer: InvoicePage): InvoiceListState => ({
  ...addRecords(state, page, answer.invoices, answer.hasMore),
  count: answer.count,
});

/** The invoices whose detail holds `searchParam`, page by page; a payment fetches them again (one turned paid). */
export function useInvoiceList(searchParam: string) {
  const fetchPage = useCallback((page: number) => billingApi.invoices(searchParam, page), [searchParam]);
  const { state, loading, reload, loadMore } = usePagedList(emptyInvoices, fetchPage, addInvoicePage);
  useFeed('payment', reload);
  useFeedReload(reload);
  return { invoices: state.records, count: state.count, loading, loadMore, reload };
}
