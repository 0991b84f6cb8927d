import * as yup from 'yup';

/** What GET and PUT /billing/provider answer: whether the credentials are set, and the last four of the client id. */
export interface ProviderState {
  set: boolean;
  provider: string | null;
  /** The client id's last four characters ('' when it is too short to hint at); null while nothing is set. */
  hint: string | null;
  by: number | null;
}

/** What PUT /billing/provider takes (the server's providerCredentialsSchema): Efí's OAuth client, certificate, key and Pix key. */
export interface ProviderCredentials {
  provider: 'efi';
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  keyPem: string;
  pixKey: string;
  sandbox: boolean;
}

export type ProviderValues = Omit<ProviderCredentials, 'provider'>;

/** The form's fields, in the order it shows them. */
export const PROVIDER_FIELDS = ['clientId', 'clientSecret', 'certificatePem', 'keyPem', 'pixKey'] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** Always empty: a stored secret is never read back into the form. */
export const emptyProvider: ProviderValues = { clientId: '', clientSecret: '', certificatePem: '', keyPem: '', pixKey: '', sandbox: true };

/** The same limits the server checks, so a refusal shows before sending. */
export const providerSchema = yup.object({
  clientId: yup.string().trim().max(200).required(),
  clientSecret: yup.string().trim().max(200).required(),
  certificatePem: yup.string().max(20_000).required(),
  keyPem: yup.string().max(20_000).required(),
  pixKey: yup.string().trim().max(100).required(),
  sandbox: yup.boolean().required(),
});

/** The body of PUT /billing/provider: the one provider there is, with the one-line fields trimmed. */
export function providerBody(values: ProviderValues): ProviderCredentials {
  return {
    provider: 'efi',
    clientId: values.clientId.trim(),
    clientSecret: values.clientSecret.trim(),
    certificatePem: values.certificatePem,
    keyPem: values.keyPem,
    pixKey: values.pixKey.trim(),
    sandbox: values.sandbox,
  };
}
