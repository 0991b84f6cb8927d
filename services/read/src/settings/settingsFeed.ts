import { withDefaults, type SettingsFeedPayload } from '@atendo/contracts';
import type { AnnounceRecord } from '../projections/records.js';

/**
 * The `settings` channel: after a change of a company's settings its users' consoles hear the whole list. The
 * companies projection, which reads the company events holding them, calls this (companies' events are the
 * platform's, so the company is the record's id).
 */
export const announceSettings: AnnounceRecord = (change, event, { emit }) => {
  const { id, changes } = event.data as { id: number; changes?: { settings?: Record<string, string> } };
  if (change !== 'update' || !changes?.settings) return;
  const payload: SettingsFeedPayload = { action: 'update', settings: withDefaults(changes.settings) };
  emit({ companyId: id, channel: 'settings', payload, audience: { kind: 'company' } });
};
