import type { Whatsapp } from '@atendo/contracts';
import type { Connection } from './connectionsApi';

/** Spec §4 "Connection status": the list's changes — load, update (replace by id or prepend), session fields, delete, reset. */
export type ConnectionListAction =
  | { type: 'load'; connections: Connection[] }
  | { type: 'update'; connection: Connection | Whatsapp }
  | { type: 'session'; session: Whatsapp }
  | { type: 'delete'; id: number }
  | { type: 'reset' };

export function connectionList(state: Connection[], action: ConnectionListAction): Connection[] {
  switch (action.type) {
    case 'load':
      return action.connections;
    case 'update': {
      const index = state.findIndex((c) => c.id === action.connection.id);
      // A realtime entry may carry the record without the settings the list has: they are kept.
      if (index === -1) return [action.connection as Connection, ...state];
      const current = state[index]!;
      // A record older than the session the list shows (a save's answer read before the QR code that the feed has
      // brought since) changes the settings, never the session back.
      const stale = Date.parse(action.connection.updatedAt) < Date.parse(current.updatedAt);
      const next = stale ? { ...current, ...action.connection, ...sessionFields(current) } : { ...current, ...action.connection };
      return state.map((c, i) => (i === index ? next : c));
    }
    case 'session': {
      const { id } = action.session;
      // Only the session's own fields; one the entry lacks keeps its value.
      const fields = sessionFields(action.session);
      return state.map((c) => (c.id === id ? { ...c, ...fields } : c));
    }
    case 'delete':
      return state.filter((c) => c.id !== action.id);
    case 'reset':
      return [];
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** The fields a session changes, those it has. */
function sessionFields(session: Partial<Whatsapp>): Partial<Whatsapp> {
  const { status, qrcode, retries, updatedAt, statusReason, degraded } = session;
  return Object.fromEntries(Object.entries({ status, qrcode, retries, updatedAt, statusReason, degraded }).filter(([, v]) => v !== undefined));
}
