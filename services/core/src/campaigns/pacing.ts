import { campaignVariants, type CampaignFields, type CampaignMessageField, type CampaignSettings, type CampaignVariable, type CampaignVariant } from '@atendo/contracts';

/**
 * A number in [0, 1), as `Math.random` gives it. Injected so that a test (or a decision taken again) draws the same:
 * the dispatcher passes one keyed by campaign and number.
 */
export type RandomSource = () => number;

/** Whom a campaign message goes to: a contact list item, or the contact of a tagged ticket. */
export interface CampaignRecipient {
  name: string;
  email: string;
  number: string;
}

/** One of the campaign's non-blank messages, each as likely as the others; null when all five are blank. */
export function chooseVariant(
  fields: Pick<CampaignFields, CampaignMessageField>,
  random: RandomSource,
): { variant: CampaignVariant; message: string } | null {
  const variants = campaignVariants(fields);
  if (variants.length === 0) return null;
  return variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))]!;
}

/**
 * The message with its placeholders filled: `{nome}`, `{email}`, `{numero}` from the recipient, `{key}` from the
 * settings' variables (the recipient's own win over a variable of the same name). One pass over the template, so a
 * value that itself holds `{nome}` stays as written; a placeholder nobody knows stays too, braces and all.
 */
export function fillPlaceholders(template: string, recipient: CampaignRecipient, variables: readonly CampaignVariable[]): string {
  const values = new Map<string, string>(variables.map(({ key, value }) => [key, value]));
  values.set('nome', recipient.name);
  values.set('email', recipient.email);
  values.set('numero', recipient.number);
  return template.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/** A recipient's message: its variant, drawn once, and the text it gets. */
export function composeCampaignMessage(
  fields: Pick<CampaignFields, CampaignMessageField>,
  recipient: CampaignRecipient,
  variables: readonly CampaignVariable[],
  random: RandomSource,
): { variant: CampaignVariant; body: string } | null {
  const chosen = chooseVariant(fields, random);
  return chosen && { variant: chosen.variant, body: fillPlaceholders(chosen.message, recipient, variables) };
}

type Pacing = Pick<CampaignSettings, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>;

/**
 * Seconds to wait after the `sent`-th message (1 for the first) before the next: `messageInterval`, plus
 * `greaterInterval` after every `longerIntervalAfter` messages (0: never a longer pause).
 */
export function gapAfterSeconds(sent: number, { messageInterval, longerIntervalAfter, greaterInterval }: Pacing): number {
  const pause = longerIntervalAfter > 0 && sent % longerIntervalAfter === 0 ? greaterInterval : 0;
  return messageInterval + pause;
}

/** Seconds from the start to the `n`-th message (1 for the first, at 0): the sum of the gaps before it. */
export function messageOffsetSeconds(n: number, { messageInterval, longerIntervalAfter, greaterInterval }: Pacing): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`A message's place is a whole number from 1, not ${n}`);
  const before = n - 1;
  const pauses = longerIntervalAfter > 0 ? Math.floor(before / longerIntervalAfter) : 0;
  return before * messageInterval + pauses * greaterInterval;
}

/** When the `n`-th message of a run that began at `startAt` is due (ISO). */
export const messageDueAt = (startAt: string, n: number, pacing: Pacing): string =>
  new Date(Date.parse(startAt) + messageOffsetSeconds(n, pacing) * 1000).toISOString();
