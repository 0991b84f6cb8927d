import { CAMPAIGN_MESSAGE_FIELDS, type CampaignMessageField, type CampaignView } from '@atendo/contracts';
import type { NewCampaign } from './campaignsApi';

/** The form's values: the selects hold their option's value ('' for none), the schedule a datetime-local text. */
export type CampaignFormValues = Record<CampaignMessageField, string> & {
  name: string;
  whatsappId: string;
  contactListId: string;
  tagId: string;
  fileListId: string;
  scheduledAt: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the browser's datetime-local input shows it, in the viewer's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The datetime-local text (the viewer's zone) as an ISO instant; empty is none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

export function valuesOf(c: CampaignView | undefined): CampaignFormValues {
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((f) => [f, c?.[f] ?? ''])) as Record<CampaignMessageField, string>;
  const id = (v: number | null | undefined) => (v == null ? '' : String(v));
  return {
    name: c?.name ?? '',
    whatsappId: id(c?.whatsappId),
    contactListId: id(c?.contactListId),
    tagId: id(c?.tagId),
    fileListId: id(c?.fileListId),
    scheduledAt: toLocalInput(c?.scheduledAt ?? null),
    ...messages,
  };
}

const idOf = (value: string) => (value === '' ? null : Number(value));

/** What the form sends: a trimmed name, numeric ids (null for none), the schedule as an instant. */
export function sent(v: CampaignFormValues): NewCampaign {
  const messages = Object.fromEntries(CAMPAIGN_MESSAGE_FIELDS.map((f) => [f, v[f]])) as Record<CampaignMessageField, string>;
  return {
    name: v.name.trim(),
    whatsappId: idOf(v.whatsappId) as number,
    contactListId: idOf(v.contactListId),
    tagId: idOf(v.tagId),
    fileListId: idOf(v.fileListId),
    scheduledAt: fromLocalInput(v.scheduledAt),
    ...messages,
  };
}

/** The placeholders a message may hold: the contact's own, then the settings' variables. */
export const CONTACT_PLACEHOLDERS = ['{nome}', '{email}', '{numero}'];

/** `text` with `insert` at the caret (`start`..`end` replaced), and where the caret goes after it. */
export function insertAt(text: string, insert: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
