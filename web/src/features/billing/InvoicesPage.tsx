import type { Invoice } from '@atendo/contracts/billing';
import { Button } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { userAtom } from '../../app/sessionAtoms';
import { permittedPage } from '../../app/permittedPage';
import { useCan } from '../../app/useCan';
import { ListPage } from '../../ui/listPage/ListPage';
import { ListTable } from '../../ui/listPage/ListTable';
import { PagedList } from '../../ui/listPage/PagedList';
import { useListPage } from '../../ui/listPage/useListPage';
import { CheckoutDialog } from './CheckoutDialog';
import { InvoiceRow } from './InvoiceRow';
import { useInvoiceList } from './useInvoiceList';
import './billing.css';

/** /financeiro (admins): the company's invoices, newest due date first, page by page; an unpaid one is paid by checkout. */
export const InvoicesPage = permittedPage('invoices:view', 'billing.noPermission', InvoicesManager);

function InvoicesManager() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useAtomValue(userAtom);
  const navigate = useNavigate();
  const page = useListPage<Invoice>();
  const { invoices, count, loading, loadMore } = useInvoiceList(page.search);
  const showCompany = !!me?.super;
  const columns = [
    { label: t('billing.columns.id'), className: 'billing-col-id' },
    ...(showCompany ? [{ label: t('billing.columns.company') }] : []),
    { label: t('billing.columns.detail') },
    { label: t('billing.columns.value'), className: 'billing-col-value' },
    { label: t('billing.columns.dueDate'), className: 'billing-col-due' },
    { label: t('billing.columns.status') },
    { label: t('billing.columns.actions'), className: 'list-page-actions' },
  ];
  const payable = (invoice: Invoice) => can('invoices:pay') && invoice.companyId === me?.companyId;

  return (
    <ListPage
      title={t('billing.title')}
      count={{ text: t('billing.count', { count }), testId: 'invoices-count' }}
      search={{ text: page.text, onText: page.setText, label: t('billing.searchLabel'), placeholder: t('billing.searchPlaceholder'), testId: 'invoices-search' }}
      tools={
        <Button icon="id-number" text={t('billing.subscriptionLink')} onClick={() => navigate('/subscription')} data-testid="subscription-link" />
      }
      className="billing-page"
    >
      <PagedList items={invoices} loading={loading} loadMore={loadMore} empty={{ icon: 'dollar', text: t('billing.empty'), hint: t('billing.emptyHint'), testId: 'invoices-empty' }} testId="invoices-scroll">
        <ListTable columns={columns} className="billing-table" testId="invoices-table">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} showCompany={showCompany} payable={payable(invoice)} onPay={page.open} />
          ))}
        </ListTable>
      </PagedList>
      {page.dialog?.editing && <CheckoutDialog key={page.dialog.key} isOpen={page.dialog.isOpen} invoice={page.dialog.editing} onClose={page.close} />}
    </ListPage>
  );
}
