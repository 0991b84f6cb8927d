import type { SessionStatus, WhatsappSessionEvent } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { streamId } from '../eventstore/streams.js';

/** A connection's session state lives apart from its settings: the channel reports it often. */
export const whatsappSessionStream = (companyId: number, id: number) => streamId('whatsappSession', companyId, id);

export type WhatsappSessionCommand = { whatsappId: number; status: SessionStatus; qrcode: string };
type SessionState = { status: SessionStatus | null; qrcode: string };

export const whatsappSessionDecider: Decider<WhatsappSessionCommand, WhatsappSessionEvent, SessionState> = {
  initialState: () => ({ status: null, qrcode: '' }),
  evolve: (_state, event) => ({ status: event.data.status, qrcode: event.data.qrcode }),
  decide(command, state) {
    if (command.status === state.status && command.qrcode === state.qrcode) return [];
    return [{ type: 'WhatsappSessionChanged', data: { whatsappId: command.whatsappId, status: command.status, qrcode: command.qrcode } }];
  },
};
