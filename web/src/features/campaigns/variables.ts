import { CAMPAIGN_CONTACT_PLACEHOLDERS, CAMPAIGN_VARIABLE_KEY_MAX, type CampaignVariable } from '@atendo/contracts';

export type VariableRefusal = 'duplicate' | 'invalid';

/**
 * Adds a variable to the list, or says why not (spec: a key already present is not added again; the key rules are
 * the contracts' settings schema's: one word, not one of the contact's own placeholders).
 */
export function addVariable(list: CampaignVariable[], key: string, value: string): { list: CampaignVariable[] } | { refused: VariableRefusal } {
  const k = key.trim();
  if (!k || k.length > CAMPAIGN_VARIABLE_KEY_MAX || !/^[\p{L}\p{N}_]+$/u.test(k) || (CAMPAIGN_CONTACT_PLACEHOLDERS as readonly string[]).includes(k)) return { refused: 'invalid' };
  if (list.some((v) => v.key === k)) return { refused: 'duplicate' };
  return { list: [...list, { key: k, value }] };
}
