import { yup } from '../validation.js';

const ON_OFF = ['enabled', 'disabled'] as const;

/** The IANA time zones this runtime knows (UTC among them): a company's hours are read in one of these. */
export const TIME_ZONES: readonly string[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
})();

/**
 * A company's settings (spec §3): each key with the values it may take and the value a new company starts with.
 * The API refuses any other key or value; the console's settings page lists these.
 */
export const SETTINGS = {
  userRating: { values: ON_OFF, default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: ON_OFF, default: 'enabled' },
  CheckMsgIsGroup: { values: ON_OFF, default: 'enabled' },
  sendGreetingAccepted: { values: ON_OFF, default: 'disabled' },
  sendMsgTransfTicket: { values: ON_OFF, default: 'disabled' },
  sendGreetingMessageOneQueues: { values: ON_OFF, default: 'disabled' },
  chatBotType: { values: ['text'], default: 'text' },
  /** The side menu's state when the console opens. */
  sideMenu: { values: ['open', 'closed'], default: 'open' },
  /** Whether admins may add users (off: ERR_USER_CREATION_DISABLED). */
  userCreation: { values: ON_OFF, default: 'enabled' },
  /** Where the company works: its opening hours (and the queues') are read in this zone. */
  timeZone: { values: TIME_ZONES, default: 'America/Sao_Paulo' },
  /**
   * Agent capacity (issue 11): the most open tickets an agent holds at once ('0': no limit). Accepting beyond it is
   * refused (ERR_AGENT_AT_CAPACITY), and automatic assignment skips agents at it.
   */
  agentCapacity: { values: ['0', ...Array.from({ length: 50 }, (_, i) => String(i + 1))], default: '0' },
  /** First in, first out: pending tickets of a queue go by themselves to its agents who are online and under capacity. */
  autoAssign: { values: ON_OFF, default: 'disabled' },
  /** Stored at sign-up, as the spec's login answer carries it. */
  campaignsEnabled: { values: ['true', 'false'], default: 'false' },
} as const satisfies Record<string, { values: readonly string[]; default: string }>;

export type SettingKey = keyof typeof SETTINGS;

/** One setting as the API answers it (the settings list, the login answer's company). */
export interface Setting {
  key: string;
  value: string;
}

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** Every setting at its default: what a new company starts with. */
export function defaultSettings(): Record<SettingKey, string> {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, SETTINGS[key].default])) as Record<SettingKey, string>;
}

/** A company's settings with every key present: stored values first, defaults for keys added since. */
export function withDefaults(stored: Record<string, string>): Array<{ key: SettingKey; value: string }> {
  return SETTING_KEYS.map((key) => ({ key, value: stored[key] ?? SETTINGS[key].default }));
}

export const settingParamsSchema = yup.object({ key: yup.string().trim().max(60).required() });

export const settingValueSchema = yup.object({ value: yup.string().trim().max(200).required() });

/** What the console hears on `settings`: the company's settings, every key, after a change. */
export type SettingsFeedPayload = { action: 'update'; settings: Array<{ key: SettingKey; value: string }> };
