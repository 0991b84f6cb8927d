import { invoiceDisplayStatus, type Invoice, type InvoiceDisplayStatus } from '@atendo/contracts/billing';
import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/dates';
import { formatBrl } from '../../ui/money';

const STATUS_INTENT: Record<InvoiceDisplayStatus, Intent> = { paid: Intent.SUCCESS, open: Intent.PRIMARY, expired: Intent.DANGER };

interface InvoiceRowProps {
  invoice: Invoice;
  /** The super user's list: whose invoice it is. */
  showCompany: boolean;
  /** Whether the viewer may pay it (the company's own unpaid invoices, for who holds invoices:pay). */
  payable: boolean;
  onPay(invoice: Invoice): void;
}

/**
 * One invoice: paid, open, or expired (past its due date unpaid: the row stands out). On a phone-width screen the id
 * and the due date fold into the detail's cell (billing.css).
 */
export function InvoiceRow({ invoice, showCompany, payable, onPay }: InvoiceRowProps) {
  const { t } = useTranslation();
  const status = invoiceDisplayStatus(invoice);
  const dueDate = formatDate(invoice.dueDate);
  return (
    <tr data-testid="invoice-row" data-invoice-id={invoice.id} data-status={status} className={status === 'expired' ? 'billing-row-expired' : undefined}>
      <td className="billing-col-id">{invoice.id}</td>
      {showCompany && <td>{invoice.companyName}</td>}
      <td>
        {invoice.detail}
        <span className={`billing-folded ${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          #{invoice.id} · {dueDate}
        </span>
      </td>
      <td className="billing-col-value" data-testid="invoice-value">
        {formatBrl(invoice.value)}
      </td>
      <td className="billing-col-due">{dueDate}</td>
      <td>
        <Tag intent={STATUS_INTENT[status]} minimal={status !== 'expired'} data-testid="invoice-status">
          {t(`billing.status.${status}`)}
        </Tag>
      </td>
      <td className="list-page-actions">
        {payable && status !== 'paid' && (
          <Button intent={Intent.SUCCESS} icon="credit-card" text={t('billing.pay')} aria-label={t('billing.payInvoice', { id: invoice.id })} onClick={() => onPay(invoice)} data-testid="invoice-pay" />
        )}
      </td>
    </tr>
  );
}
