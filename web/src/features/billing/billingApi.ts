import type { CheckoutPayload, InvoicePage, Payment, SubscriptionStatus } from '@atendo/contracts/billing';
import { api } from '../../api/client';
import { lookups } from '../../api/lookups';
import type { ProviderCredentials, ProviderState } from './providerForm';

export const billingApi = {
  /** 20 a page, the newest due date first; `searchParam` matches the detail (and the company's name for the super user). */
  invoices: (searchParam: string, pageNumber: number) => api.get<InvoicePage>('/invoices', { searchParam, pageNumber }),
  subscription: () => api.get<SubscriptionStatus>('/subscription'),
  /** Creates the charge of the invoice (and moves the company to the chosen plan): the Pix QR code to pay. */
  checkout: (payload: CheckoutPayload) => api.post<Payment>('/subscription', payload),
  plans: lookups.plans,
  /** Whether the payment provider's credentials are set, with a hint of the client id's end; never the credentials. */
  provider: () => api.get<ProviderState>('/billing/provider'),
  /** Stores the payment provider's credentials (super users); answers the new state. */
  setProvider: (credentials: ProviderCredentials) => api.put<ProviderState>('/billing/provider', credentials),
};
