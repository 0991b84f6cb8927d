import { QUICK_MESSAGE_LABEL_MAX, type QuickMessage } from '@atendo/contracts';

/**
 * What the message input's text asks for: a leading slash with at least one more character (spec) gives the typed
 * shortcode, lower case; anything else asks for no suggestion.
 */
export function quickAnswerQuery(text: string): string | undefined {
  return text.startsWith('/') && text.length > 1 ? text.slice(1).toLowerCase() : undefined;
}

/** The quick messages whose shortcode holds the query, those starting with it first (each group in the given order). */
export function matchingQuickAnswers(records: QuickMessage[], query: string): QuickMessage[] {
  const holding = records.filter((q) => q.shortcode.toLowerCase().includes(query));
  return [...holding.filter((q) => q.shortcode.toLowerCase().startsWith(query)), ...holding.filter((q) => !q.shortcode.toLowerCase().startsWith(query))];
}

/** `shortcode - message`, cut at QUICK_MESSAGE_LABEL_MAX characters (spec). */
export function quickAnswerLabel({ shortcode, message }: QuickMessage): string {
  const label = `${shortcode} - ${message}`.replace(/\s+/g, ' ');
  return label.length > QUICK_MESSAGE_LABEL_MAX ? `${label.slice(0, QUICK_MESSAGE_LABEL_MAX).trimEnd()}…` : label;
}
