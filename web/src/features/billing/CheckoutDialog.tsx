import type { Invoice, Payment } from '@atendo/contracts/billing';
import { Dialog } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutWizard } from './CheckoutWizard';
import { PaymentQr } from './PaymentQr';

interface CheckoutDialogProps {
  invoice: Invoice;
  isOpen: boolean;
  onClose(): void;
}

/** Paying an invoice: the wizard (data, plan, review), then the Pix QR code until the payment arrives. */
export function CheckoutDialog({ invoice, isOpen, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation();
  const [payment, setPayment] = useState<Payment>();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={payment ? t('billing.checkout.qr.title') : t('billing.checkout.title')} icon={payment ? 'bank-account' : 'credit-card'} className="billing-checkout-dialog">
      {payment ? <PaymentQr payment={payment} onClose={onClose} /> : <CheckoutWizard invoice={invoice} onPaid={setPayment} onCancel={onClose} />}
    </Dialog>
  );
}
