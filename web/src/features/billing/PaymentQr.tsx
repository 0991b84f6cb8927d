import type { Payment, PaymentFeedPayload } from '@atendo/contracts/billing';
import { Button, Callout, Classes, DialogBody, DialogFooter, FormGroup, Intent, Spinner, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFeed } from '../../realtime/useFeed';
import { formatDate } from '../../ui/dates';
import { formatBrl } from '../../ui/money';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useApplyRenewal } from './renewal';

/** Spec §4: after the renewal message the console goes back to `/` this long later. */
export const RENEWAL_REDIRECT_MS = 4000;

interface PaymentQrProps {
  payment: Payment;
  onClose(): void;
}

/**
 * The charge to pay: its QR code, its "copia e cola" text to copy and its value. When the company's feed says the
 * payment arrived (action CONCLUIDA), the session takes the new due date, the renewal is shown in the code's place
 * and, 4 s later, the console goes to `/`.
 */
export function PaymentQr({ payment, onClose }: PaymentQrProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const applyRenewal = useApplyRenewal();
  const [renewedUntil, setRenewedUntil] = useState<string>();

  useFeed('payment', (payload: PaymentFeedPayload) => {
    if (payload.action !== 'CONCLUIDA') return;
    applyRenewal(payload);
    setRenewedUntil(payload.company.dueDate);
  });
  useEffect(() => {
    if (!renewedUntil) return;
    const timer = setTimeout(() => navigate('/'), RENEWAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const code = payment.qrcode.qrcode;
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => toastSuccess(t('billing.checkout.qr.copied')),
      (error: unknown) => toastError(error),
    );

  return (
    <>
      <DialogBody className="billing-qr" data-testid="checkout-qr">
        {renewedUntil ? (
          <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="checkout-renewed" role="status">
            {t('billing.checkout.renewed', { date: formatDate(renewedUntil) })}
          </Callout>
        ) : (
          <>
            <p className={Classes.TEXT_MUTED}>{t('billing.checkout.qr.scan')}</p>
            <img src={payment.qrcode.imagemQrcode} alt={t('billing.checkout.qr.image')} className="billing-qr-image" data-testid="checkout-qr-image" />
            <p className="billing-qr-value">
              <span className={Classes.TEXT_MUTED}>{t('billing.checkout.qr.value')}</span> <strong data-testid="checkout-qr-value">{formatBrl(Number(payment.valor.original))}</strong>
            </p>
            <FormGroup label={t('billing.checkout.qr.code')} labelFor="checkout-qr-code">
              <TextArea id="checkout-qr-code" readOnly fill value={code} rows={4} className="billing-qr-code" data-testid="checkout-qr-code" onFocus={(event) => event.currentTarget.select()} />
            </FormGroup>
            <Button icon="duplicate" text={t('billing.checkout.qr.copy')} onClick={() => void copy()} data-testid="checkout-qr-copy" />
            <div className={`billing-qr-waiting ${Classes.TEXT_MUTED}`} data-testid="checkout-qr-waiting">
              <Spinner size={16} /> {t('billing.checkout.qr.waiting')}
            </div>
          </>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('billing.checkout.close')} onClick={onClose} data-testid="checkout-close" />} />
    </>
  );
}
