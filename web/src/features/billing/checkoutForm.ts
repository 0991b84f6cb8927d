import { checkoutDataSchema, type CheckoutCountry, type CheckoutPayload, type Invoice } from '@atendo/contracts/billing';
import type { Plan } from '@atendo/contracts';

/** The wizard's steps in spec §4's numbering: 0 data, 1 plan choice (where it starts), 2 review. */
export type CheckoutStep = 0 | 1 | 2;
export const FIRST_STEP: CheckoutStep = 1;
export const STEP_NAMES = ['data', 'plan', 'review'] as const;

/** Step 0's fields, in the order the form shows them. */
export const DATA_FIELDS = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country'] as const;

export interface CheckoutValues {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: CheckoutCountry;
  useAddressForPaymentDetails: boolean;
  /** The chosen plan's id, as the radio group holds it ('' while none is). */
  planId: string;
}

export const emptyCheckout = (planId: number | null): CheckoutValues => ({
  firstName: '',
  lastName: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'BR',
  useAddressForPaymentDetails: false,
  planId: planId === null ? '' : String(planId),
});

/** Step 0's data as the contracts' schema reads it. */
export const checkoutData = ({ planId: _planId, ...data }: CheckoutValues) => checkoutDataSchema.cast(data);

/** What POST /subscription takes: step 0's data, the chosen plan with its price and limits, the invoice paid. */
export function checkoutPayload(values: CheckoutValues, plan: Plan, invoice: Pick<Invoice, 'id'>): CheckoutPayload {
  return { ...checkoutData(values), plan: plan.id, price: plan.value, users: plan.users, connections: plan.connections, invoiceId: invoice.id };
}
