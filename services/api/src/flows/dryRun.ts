import type { DryRunResult, DryRunStep, FlowExecutionEvent, FlowGraph } from '@atendo/contracts';
import { flowExecution, type FlowCommand, type FlowExecutionState, type PluginRegistry } from '@atendo/flow-engine';

/** Waits a dry run gets past by itself in one step: delays end at once, outside calls are not made. */
const AUTO_STEPS = 50;

/**
 * Plays `messages` through a draft graph as a contact would send them, with the engine's own decider and nothing
 * sent: each step says which blocks the message went through, what would have been sent, the variables after it, and
 * what the flow waits for then. Delays end at once; an outside call (OpenAI, Typebot, HTTP) is not made and answers
 * as failed ("not made in a dry run"), so the path shown is the one its error port takes.
 */
export function dryRun(registry: PluginRegistry, graph: FlowGraph, messages: string[], variables: Record<string, string> = {}): DryRunResult {
  const decider = flowExecution({ registry });
  const flow = { flowId: 0, version: 1, graph };
  let state: FlowExecutionState = decider.initialState();
  let clock = Date.parse('2026-01-01T12:00:00.000Z');
  const at = () => new Date((clock += 1000)).toISOString();
  const run = (command: FlowCommand, step: DryRunStep) => {
    let next: FlowCommand | null = command;
    for (let i = 0; next && i < AUTO_STEPS; i++) {
      const events = decider.decide(next, state);
      for (const e of events) {
        state = decider.evolve(state, e);
        record(step, e);
      }
      const wait = state.status === 'running' ? state.wait : null;
      next =
        wait?.kind === 'delay'
          ? { type: 'DelayElapsed', flow, waitId: wait.id, at: at() }
          : wait?.kind === 'effect'
            ? { type: 'EffectCompleted', flow, waitId: wait.id, result: { ok: false, error: 'not made in a dry run' }, at: at() }
            : null;
    }
    step.variables = { ...state.variables };
    step.waiting = state.status === 'running' ? (state.wait?.kind ?? null) : null;
    return step;
  };
  const blank = (message: string | null): DryRunStep => ({ message, path: [], sent: [], variables: {}, waiting: null, finished: null, failed: null, handOver: null });
  const steps = [run({ type: 'StartFlow', executionId: 'dry-run', flow, ticketId: 0, contactId: 0, variables, at: at() }, blank(null))];
  messages.forEach((body, i) => {
    const step = blank(body);
    if (state.status !== 'running' || state.wait?.kind !== 'reply') {
      steps.push(step);
      return;
    }
    steps.push(run({ type: 'ReceiveReply', flow, message: { id: `dry-run-${i}`, body }, at: at() }, step));
  });
  return { steps };
}

function record(step: DryRunStep, event: FlowExecutionEvent): void {
  switch (event.type) {
    case 'BlockEntered':
      step.path.push({ nodeId: event.data.nodeId, blockType: event.data.blockType });
      break;
    case 'MessagesRequested':
      step.sent.push(...event.data.messages);
      break;
    case 'TicketHandedOver':
      step.handOver = { queueId: event.data.queueId, userId: event.data.userId };
      break;
    case 'FlowFinished':
      step.finished = event.data.reason;
      break;
    case 'FlowFailed':
      step.failed = { code: event.data.code, nodeId: event.data.nodeId, message: event.data.message };
      break;
    default:
      break;
  }
}
