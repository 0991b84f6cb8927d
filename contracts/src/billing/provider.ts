import { boolean, object, string, type InferType } from 'yup';

/**
 * The payment provider's credentials (spec §3: the payment provider token), as the super user stores them with
 * PUT /billing/provider: Efí's OAuth client, its mTLS certificate and key, and the Pix key charges are paid to. The
 * server seals them outside the event log and never answers them back.
 */
export const providerCredentialsSchema = object({
  provider: string().oneOf(['efi']).default('efi'),
  clientId: string().trim().max(200).required(),
  clientSecret: string().trim().max(200).required(),
  certificatePem: string().max(20_000).required(),
  keyPem: string().max(20_000).required(),
  pixKey: string().trim().max(100).required(),
  sandbox: boolean().default(true),
});

export type ProviderCredentials = InferType<typeof providerCredentialsSchema>;

/** What GET and PUT /billing/provider answer: whether the credentials are set, and the last four of the client id. */
export interface ProviderState {
  set: boolean;
  provider: string | null;
  /** The client id's last four characters ('' when it is too short to hint at); null while nothing is set. */
  hint: string | null;
  by: number | null;
}
