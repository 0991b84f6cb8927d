import type { ChannelKind, WhatsappDetails } from '@atendo/contracts';
import type { ConnectionChanges, NewConnection } from './connectionsApi';

/** The edit dialog's values: selects hold '' for none, number inputs '' when blank (formik's number inputs). */
export interface ConnectionFormValues {
  name: string;
  isDefault: boolean;
  channel: ChannelKind;
  queueIds: number[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  promptId: string;
  integrationId: string;
  transferQueueId: string;
  timeToTransfer: number | '';
  expiresTicket: number | '';
  timeUseBotQueues: number | '';
  maxUseBotQueues: number | '';
}

export type ConnectionField = keyof ConnectionFormValues;

/** The dialog's tabs, and which fields each holds (a refused field brings its tab forward). */
export const FORM_TABS = {
  general: ['name', 'isDefault', 'channel', 'queueIds'],
  messages: ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'],
  automation: ['promptId', 'integrationId', 'transferQueueId', 'timeToTransfer', 'expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues'],
} as const satisfies Record<string, readonly ConnectionField[]>;
export type FormTab = keyof typeof FORM_TABS;

export function tabOf(field: string): FormTab {
  const tab = (Object.keys(FORM_TABS) as FormTab[]).find((t) => (FORM_TABS[t] as readonly string[]).includes(field));
  return tab ?? 'general';
}

const idText = (id: number | null | undefined) => (id == null ? '' : String(id));

/** A new connection starts with spec §3's defaults. */
export function initialValues(connection?: WhatsappDetails): ConnectionFormValues {
  return {
    name: connection?.name ?? '',
    isDefault: connection?.isDefault ?? false,
    channel: connection?.channel ?? 'baileys',
    queueIds: connection?.queueIds ?? connection?.queues.map((q) => q.id) ?? [],
    greetingMessage: connection?.greetingMessage ?? '',
    complationMessage: connection?.complationMessage ?? '',
    outOfHoursMessage: connection?.outOfHoursMessage ?? '',
    ratingMessage: connection?.ratingMessage ?? '',
    expiresInactiveMessage: connection?.expiresInactiveMessage ?? '',
    promptId: idText(connection?.promptId),
    integrationId: idText(connection?.integrationId),
    transferQueueId: idText(connection?.transferQueueId),
    timeToTransfer: connection?.timeToTransfer ?? '',
    expiresTicket: connection?.expiresTicket ?? 0,
    timeUseBotQueues: connection?.timeUseBotQueues ?? 0,
    maxUseBotQueues: connection?.maxUseBotQueues ?? 3,
  };
}

const id = (text: string) => (text === '' ? null : Number(text));
// A blank count is refused by the schema as "must be a whole number" rather than read as 0.
const count = (value: number | '') => (value === '' ? Number.NaN : value);

/** What the form sends on creation (POST /whatsapp). */
export function toNewConnection(values: ConnectionFormValues): NewConnection {
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    provider: 'beta',
    channel: values.channel,
    queueIds: values.queueIds,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    promptId: id(values.promptId),
    integrationId: id(values.integrationId),
    transferQueueId: id(values.transferQueueId),
    timeToTransfer: values.timeToTransfer === '' ? null : values.timeToTransfer,
    expiresTicket: count(values.expiresTicket),
    timeUseBotQueues: count(values.timeUseBotQueues),
    maxUseBotQueues: count(values.maxUseBotQueues),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the form sends on edit (PUT /whatsapp/{id}): the fields that changed; the channel is chosen once. */
export function toChanges(values: ConnectionFormValues, initial: ConnectionFormValues): ConnectionChanges {
  const now = toNewConnection(values);
  const before = toNewConnection(initial);
  const { channel: _channel, provider: _provider, ...fields } = now;
  return Object.fromEntries(Object.entries(fields).filter(([key, value]) => !same(value, before[key as keyof NewConnection]))) as ConnectionChanges;
}
