import type { AuthFeedPayload, UserEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { recordEventTypes, recordProjection } from '../projections/records.js';

const records = recordProjection(
  'users',
  { kind: 'User', table: 'users', columns: new Set(['company_id', 'name', 'email', 'profile', 'super', 'all_ticket', 'whatsapp_id', 'queue_ids', 'language']) },
  (action, event, { emit }) => {
    const { id } = event.data as { id: number };
    const payload = action === 'delete' ? { action, userId: id } : { action, id };
    emit({ companyId: event.metadata.companyId, channel: 'user', payload, audience: { kind: 'company' } });
  },
);

/**
 * The company's staff (the table is created by companies/migrations.ts); the console hears of each change, and a
 * user's consoles hear that they signed in elsewhere (`auth`, spec: "account used on another computer").
 */
export const usersProjection: Projection = {
  ...records,
  eventTypes: [...recordEventTypes('User'), 'UserSignedIn'],
  async apply(events, context) {
    await records.apply(
      events.filter((e) => e.type !== 'UserSignedIn'),
      context,
    );
    if (context.rebuilding) return;
    for (const event of events) {
      if (event.type !== 'UserSignedIn') continue;
      const { id, sessionId } = (event as unknown as Extract<UserEvent, { type: 'UserSignedIn' }>).data;
      const payload: AuthFeedPayload = { action: 'signedIn', userId: id, sessionId };
      context.emit({ companyId: event.metadata.companyId, channel: 'auth', payload, audience: { kind: 'self', userId: id } });
    }
  },
};
