/**
 * Why a connection's send governor held a message back (issue 14): the campaign report and the connections page show
 * the reason and the time it lifts.
 * - `spacing`: the random gap since the connection's last message has not passed.
 * - `minuteBudget` / `dailyBudget`: the connection sent its messages for the minute / the day.
 * - `warmUp`: a new number's daily allowance, smaller than the budget, is used up; it grows with the number's age.
 * - `newRecipientCap`: the day's first messages to people never written to are used up.
 * - `rateLimited`: WhatsApp answered "too many" (429): a pause, then slower sending that recovers step by step.
 * - `disconnected`: the connection dropped, or came back a moment ago.
 * - `slowedDown`: spacing or the minute's budget, tightened after a rate limit or a drop.
 */
export const SEND_GOVERNOR_REASONS = ['spacing', 'minuteBudget', 'dailyBudget', 'warmUp', 'newRecipientCap', 'rateLimited', 'disconnected', 'slowedDown'] as const;
export type SendGovernorReason = (typeof SEND_GOVERNOR_REASONS)[number];

/** The governor's answer for a send wanted at a time: now, or not before `notBefore` (ISO) because of `reason`. */
export type SendDecision = { send: 'now' } | { send: 'later'; notBefore: string; reason: SendGovernorReason };
