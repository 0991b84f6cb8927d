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
      return state.map((c, i) => (i === index ? { ...c, ...action.connection } : c));
    }
    case 'session': {
      const { id, status, qrcode, retries, updatedAt, statusReason, degraded } = action.session;
      // Only the session's own fields; one the entry lacks keeps its value.
      const fields = Object.fromEntries(Object.entries({ status, qrcode, retries, updatedAt, statusReason, degraded }).filter(([, v]) => v !== undefined));
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
