import type { SessionStatus, WhatsappSessionEvent } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { streamId } from '@atendo/platform';

/** A connection's session state lives apart from its settings: the channel reports it often. */
export const whatsappSessionStream = (companyId: number, id: number) => streamId('whatsappSession', companyId, id);

export type WhatsappSessionCommand =
  /** The channel's report of the session. */
  | { whatsappId: number; status: SessionStatus; qrcode: string; reason?: string }
  /** The gateway's judgement of the connection's recent sends: all failing is degraded, whatever the session says. */
  | { whatsappId: number; degraded: boolean; reason: string };
type SessionState = { status: SessionStatus | null; qrcode: string; reason: string; degraded: boolean };

export const whatsappSessionDecider: Decider<WhatsappSessionCommand, WhatsappSessionEvent, SessionState> = {
  initialState: () => ({ status: null, qrcode: '', reason: '', degraded: false }),
  evolve: (state, event) =>
    event.type === 'WhatsappDeliveryChanged'
      ? { ...state, degraded: event.data.degraded }
      : { ...state, status: event.data.status, qrcode: event.data.qrcode, reason: event.data.reason ?? '' },
  decide(command, state) {
    if ('degraded' in command) {
      if (command.degraded === state.degraded) return [];
      return [{ type: 'WhatsappDeliveryChanged', data: { whatsappId: command.whatsappId, degraded: command.degraded, reason: command.reason } }];
    }
    const reason = command.reason ?? '';
    if (command.status === state.status && command.qrcode === state.qrcode && reason === state.reason) return [];
    return [{ type: 'WhatsappSessionChanged', data: { whatsappId: command.whatsappId, status: command.status, qrcode: command.qrcode, ...(reason ? { reason } : {}) } }];
  },
};
