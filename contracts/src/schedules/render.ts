import Mustache from 'mustache';

/** The variables a scheduled message may hold, in the order the form lists them. */
export const SCHEDULE_VARIABLES = ['firstName', 'name', 'greeting', 'protocol', 'hour'] as const;
export type ScheduleVariable = (typeof SCHEDULE_VARIABLES)[number];

export type GreetingLanguage = 'pt' | 'en' | 'es';

const GREETINGS: Record<GreetingLanguage, { morning: string; afternoon: string; evening: string }> = {
  pt: { morning: 'Bom dia', afternoon: 'Boa tarde', evening: 'Boa noite' },
  en: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
  es: { morning: 'Buenos días', afternoon: 'Buenas tardes', evening: 'Buenas noches' },
};

/** The hour and minutes of `at` in `timeZone` (a zone this runtime does not know reads as UTC). */
function localClock(at: Date, timeZone: string): { hour: number; text: string } {
  const format = (zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  let text: string;
  try {
    text = format(timeZone);
  } catch {
    text = format('UTC');
  }
  return { hour: Number(text.slice(0, 2)), text };
}

/** Good morning from 05:00, good afternoon from 12:00, good evening from 18:00 (to 04:59), in the company's zone. */
export function scheduleGreeting(at: Date, timeZone: string, language: GreetingLanguage = 'pt'): string {
  const { hour } = localClock(at, timeZone);
  const words = GREETINGS[language] ?? GREETINGS.pt;
  return hour >= 5 && hour < 12 ? words.morning : hour >= 12 && hour < 18 ? words.afternoon : words.evening;
}

/** A protocol number when the message has no ticket yet: the send time (in the zone) and the schedule's id. */
export function scheduleProtocol(at: Date, timeZone: string, id: number): string {
  let parts: Intl.DateTimeFormatPart[];
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
  try {
    parts = new Intl.DateTimeFormat('en-CA', { ...options, timeZone }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' }).formatToParts(at);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}${id}`;
}

export interface ScheduleRenderContext {
  /** The contact's name as the company keeps it. */
  contactName: string;
  /** When it is sent (the greeting and the hour are read at this instant). */
  at: Date;
  timeZone: string;
  language?: GreetingLanguage;
  /** The ticket's id, or a generated protocol (scheduleProtocol). */
  protocol: string;
}

/** Each variable's value for a message sent in `context`. */
export function scheduleVariables(context: ScheduleRenderContext): Record<ScheduleVariable, string> {
  const name = context.contactName.trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    greeting: scheduleGreeting(context.at, context.timeZone, context.language),
    protocol: context.protocol,
    hour: localClock(context.at, context.timeZone).text,
  };
}

/**
 * A scheduled message's text with its Mustache-style variables (`{{firstName}}`, `{{name}}`, `{{greeting}}`,
 * `{{protocol}}`, `{{hour}}`) filled in. WhatsApp is not HTML: nothing is escaped. An unknown variable becomes empty,
 * and a text Mustache cannot read (an unclosed `{{`) is sent as written rather than not at all.
 */
export function renderScheduleBody(body: string, context: ScheduleRenderContext): string {
  try {
    return Mustache.render(body, scheduleVariables(context), {}, { escape: (value: unknown) => String(value) });
  } catch {
    return body;
  }
}
