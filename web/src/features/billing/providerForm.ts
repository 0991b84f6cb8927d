import { providerCredentialsSchema, type ProviderCredentials } from '@atendo/contracts/billing';

export type { ProviderCredentials, ProviderState } from '@atendo/contracts/billing';

export type ProviderValues = Omit<ProviderCredentials, 'provider'>;

/** The form's fields, in the order it shows them. */
export const PROVIDER_FIELDS = ['clientId', 'clientSecret', 'certificatePem', 'keyPem', 'pixKey'] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** Always empty: a stored secret is never read back into the form. */
export const emptyProvider: ProviderValues = { clientId: '', clientSecret: '', certificatePem: '', keyPem: '', pixKey: '', sandbox: true };

/** The server's own checks (contracts), so a refusal shows before sending. */
export const providerSchema = providerCredentialsSchema.omit(['provider']);

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
