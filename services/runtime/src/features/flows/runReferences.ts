import type { FlowExecutionEvent } from '@atendo/contracts';
import type { ReferenceKind } from '@atendo/flow-engine';

/** Something a run's decision names outside the run: a hand-over's queue or person, a message's file. */
export interface Named {
  kind: ReferenceKind;
  value: number | string;
  /** The event that names it, and for a file the message's place in that event. */
  event: number;
  message?: number;
}

/** What decided events name: the queue and person of each hand-over, the file of each media message. */
export function namedIn(events: readonly FlowExecutionEvent[]): Named[] {
  return events.flatMap((e, event): Named[] => {
    if (e.type === 'TicketHandedOver') {
      return [
        ...(e.data.queueId !== null ? [{ kind: 'queue' as const, value: e.data.queueId, event }] : []),
        ...(e.data.userId !== null ? [{ kind: 'user' as const, value: e.data.userId, event }] : []),
      ];
    }
    if (e.type === 'MessagesRequested') return e.data.messages.flatMap((m, message) => (m.kind === 'media' ? [{ kind: 'media' as const, value: m.url, event, message }] : []));
    return [];
  });
}

/**
 * The decision cut at the first thing it names that is not the company's: what came before stands (the messages
 * before that file included), and the run fails there, saying what it named, instead of handing another company's
 * queue a ticket or sending a file that is not the company's.
 */
export function failedAt(events: readonly FlowExecutionEvent[], first: Named): FlowExecutionEvent[] {
  const at = events[first.event]!;
  const kept: FlowExecutionEvent[] = events.slice(0, first.event);
  if (at.type === 'MessagesRequested' && first.message) kept.push({ ...at, data: { ...at.data, messages: at.data.messages.slice(0, first.message) } });
  const nodeId = 'nodeId' in at.data ? (at.data.nodeId as string) : null;
  const what = first.kind === 'media' ? `the file ${String(first.value).slice(0, 200)}` : `${first.kind} ${first.value}`;
  kept.push({ type: 'FlowFailed', data: { code: 'ERR_FLOW_FOREIGN_REFERENCE', nodeId, message: `${what} is not one of this company's` } });
  return kept;
}
