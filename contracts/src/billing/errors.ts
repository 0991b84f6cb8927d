import { defineErrors, type CodesOf } from '../errors.js';

/** Catalogue codes of billing, with their texts in each language. */
export const BILLING_ERRORS = defineErrors({
  ERR_INVOICE_NOT_FOUND: {
    pt: 'Fatura não encontrada.',
    en: 'Invoice not found.',
    es: 'Factura no encontrada.',
  },
  ERR_INVOICE_ALREADY_PAID: {
    pt: 'Esta fatura já foi paga.',
    en: 'This invoice is already paid.',
    es: 'Esta factura ya fue pagada.',
  },
  ERR_PAYMENT_PROVIDER: {
    pt: 'O provedor de pagamento não respondeu. Tente novamente em instantes.',
    en: 'The payment provider did not answer. Try again in a moment.',
    es: 'El proveedor de pago no respondió. Inténtalo de nuevo en unos instantes.',
  },
  ERR_PAYMENT_SIGNATURE: {
    pt: 'Notificação de pagamento com assinatura inválida.',
    en: 'Payment notification with an invalid signature.',
    es: 'Notificación de pago con firma inválida.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof BILLING_ERRORS> {}
}
