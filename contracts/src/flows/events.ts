/**
 * One execution of a flow for one ticket is one stream of these events (issue 13). Waits are events with their due
 * time, so an execution survives restarts and its replay shows the path it took. The engine's decider is in
 * flow-engine/src/execution.ts; the runtime performs what the events ask (sends, hand-overs, outside calls) and
 * answers with commands.
 */

/**
 * A message the runtime sends on the flow's behalf; `typingMs` of "typing…" presence before it. `delayMs`, when
 * given, is a pause with no presence before that (a content block's interval between two of its messages).
 */
export type OutgoingMessage =
  | { kind: 'text'; body: string; typingMs: number; delayMs?: number }
  | { kind: 'media'; mediaType: 'image' | 'audio' | 'video' | 'document'; url: string; caption: string; voice: boolean; typingMs: number; delayMs?: number };

/** The contact's message as the flow sees it. */
export interface IncomingMessage {
  /** The WhatsApp message id: a redelivered message is not taken twice. */
  id: string;
  body: string;
  mediaType?: string;
  mediaUrl?: string;
}

export type EffectResult = { ok: true; value: unknown } | { ok: false; error: string };

export type FlowFinishReason = 'end' | 'handedOver' | 'stopped';

export type FlowExecutionEvent =
  /** `version` pins the execution: it finishes on the graph it started with, whatever is published later. */
  | { type: 'FlowStarted'; data: { executionId: string; flowId: number; version: number; ticketId: number; contactId: number; variables: Record<string, string> } }
  | { type: 'BlockEntered'; data: { nodeId: string; blockType: string } }
  /** Texts already have their `{{variables}}` filled in. */
  | { type: 'MessagesRequested'; data: { nodeId: string; messages: OutgoingMessage[] } }
  | { type: 'VariableSet'; data: { name: string; value: string } }
  /** The flow stops until the contact writes, or until `dueAt` (then it leaves by `timeoutPort`). */
  | { type: 'ReplyAwaited'; data: { waitId: number; nodeId: string; dueAt: string; timeoutPort: string } }
  | { type: 'ReplyReceived'; data: { waitId: number; message: IncomingMessage } }
  | { type: 'ReplyExpired'; data: { waitId: number } }
  /** A pause that takes no reply: at `dueAt` the flow leaves by `port`. */
  | { type: 'DelayStarted'; data: { waitId: number; nodeId: string; dueAt: string; port: string } }
  | { type: 'DelayEnded'; data: { waitId: number } }
  /** An outside call the runtime makes (an HTTP request, an AI answer …); its result comes back as EffectCompleted. */
  | { type: 'EffectRequested'; data: { waitId: number; nodeId: string; name: string; input: unknown } }
  | { type: 'EffectSettled'; data: { waitId: number; result: EffectResult } }
  | { type: 'TicketHandedOver'; data: { nodeId: string; queueId: number | null; userId: number | null } }
  | { type: 'FlowFinished'; data: { reason: FlowFinishReason; nodeId: string | null } }
  | { type: 'FlowFailed'; data: { code: string; nodeId: string | null; message: string } };

export type FlowExecutionEventType = FlowExecutionEvent['type'];

/** The stream of one execution (`{category}-{companyId}.{id}`, as every stream id: the company travels with it). */
export const flowExecutionStream = (companyId: number, executionId: string) => `flowExecution-${companyId}.${executionId}`;
