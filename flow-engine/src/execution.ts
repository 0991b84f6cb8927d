import {
  START_NODE_ID,
  outputPortsOf,
  type EffectResult,
  type FlowExecutionEvent,
  type FlowVersion,
  type IncomingMessage,
} from '@atendo/contracts';
import { FlowError } from './errors.js';
import { indexGraph, type GraphIndex } from './graphIndex.js';
import type { BlockInput } from './plugin.js';
import type { PluginRegistry } from './registry.js';
import { drawsFor } from './random.js';
import { runBlock } from './runBlock.js';

/**
 * Commands of one execution. Every command but StopFlow carries the flow version the execution runs on (the runtime
 * reads `flowId` and `version` from the state, FlowStarted's, and loads that graph) and the time it is decided at.
 */
export type FlowCommand =
  | { type: 'StartFlow'; executionId: string; flow: FlowVersion; ticketId: number; contactId: number; variables?: Record<string, string>; at: string }
  | { type: 'ReceiveReply'; flow: FlowVersion; message: IncomingMessage; at: string }
  /** The due time of reply wait `waitId` came without a reply. */
  | { type: 'ReplyTimedOut'; flow: FlowVersion; waitId: number; at: string }
  /** The delay `waitId` is over. */
  | { type: 'DelayElapsed'; flow: FlowVersion; waitId: number; at: string }
  | { type: 'EffectCompleted'; flow: FlowVersion; waitId: number; result: EffectResult; at: string }
  /** A person took the ticket, or it closed: nothing more of the flow runs. */
  | { type: 'StopFlow' };

export type FlowWait =
  | { id: number; kind: 'reply'; nodeId: string; port: string }
  | { id: number; kind: 'delay'; nodeId: string; port: string }
  | { id: number; kind: 'effect'; nodeId: string; name: string };

export interface FlowExecutionState {
  status: 'new' | 'running' | 'ended';
  executionId: string;
  flowId: number;
  version: number;
  ticketId: number;
  variables: Record<string, string>;
  /** What the execution waits for; null while it runs (only inside one decision) or once it ended. */
  wait: FlowWait | null;
  nextWaitId: number;
  /** Blocks entered since the last wait: the loop guard's count. */
  stepsSinceWait: number;
  /** Blocks entered since the start: part of the key of the numbers a block draws. */
  blocksEntered: number;
  /** The contact's messages already taken (the latest few): a redelivered one is not taken twice. */
  taken: string[];
}

const TAKEN_KEPT = 50;

export const initialExecutionState = (): FlowExecutionState => ({
  status: 'new', executionId: '', flowId: 0, version: 0, ticketId: 0, variables: {}, wait: null, nextWaitId: 1, stepsSinceWait: 0, blocksEntered: 0, taken: [],
});

export interface FlowExecutionOptions {
  registry: PluginRegistry;
  /** Blocks entered in a row without waiting before the flow is failed as a runaway loop. */
  maxStepsWithoutWait?: number;
  /**
   * The number in [0, 1) a draw's key gives (see random.ts); by default a seeded generator. Tests set it to choose a
   * randomizer's way; whatever it is, it must answer the same key the same way.
   */
  random?: (key: string) => number;
}

export const DEFAULT_MAX_STEPS_WITHOUT_WAIT = 100;

export function evolveExecution(state: FlowExecutionState, event: FlowExecutionEvent): FlowExecutionState {
  switch (event.type) {
    case 'FlowStarted': {
      const { executionId, flowId, version, ticketId, variables } = event.data;
      return { ...state, status: 'running', executionId, flowId, version, ticketId, variables: { ...variables } };
    }
    case 'BlockEntered':
      return { ...state, stepsSinceWait: state.stepsSinceWait + 1, blocksEntered: state.blocksEntered + 1 };
    case 'MessagesRequested':
    case 'TicketHandedOver':
      return state;
    case 'VariableSet':
      return { ...state, variables: { ...state.variables, [event.data.name]: event.data.value } };
    case 'ReplyAwaited':
      return waiting(state, { id: event.data.waitId, kind: 'reply', nodeId: event.data.nodeId, port: event.data.timeoutPort });
    case 'DelayStarted':
      return waiting(state, { id: event.data.waitId, kind: 'delay', nodeId: event.data.nodeId, port: event.data.port });
    case 'EffectRequested':
      return waiting(state, { id: event.data.waitId, kind: 'effect', nodeId: event.data.nodeId, name: event.data.name });
    case 'ReplyReceived':
      return { ...state, wait: null, taken: [...state.taken, event.data.message.id].slice(-TAKEN_KEPT) };
    case 'ReplyExpired':
    case 'DelayEnded':
    case 'EffectSettled':
      return { ...state, wait: null };
    case 'FlowFinished':
    case 'FlowFailed':
      return { ...state, status: 'ended', wait: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const waiting = (state: FlowExecutionState, wait: FlowWait): FlowExecutionState => ({ ...state, wait, nextWaitId: wait.id + 1, stepsSinceWait: 0 });

/** The execution decider: pure, and it knows block types only through the registry. */
export function flowExecution(options: FlowExecutionOptions) {
  const maxSteps = options.maxStepsWithoutWait ?? DEFAULT_MAX_STEPS_WITHOUT_WAIT;

  function decide(command: FlowCommand, state: FlowExecutionState): FlowExecutionEvent[] {
    if (command.type === 'StartFlow') {
      if (state.status !== 'new') return [];
      const walk = walker(command.flow, state, command.at);
      walk.emit({
        type: 'FlowStarted',
        data: {
          executionId: command.executionId, flowId: command.flow.flowId, version: command.flow.version,
          ticketId: command.ticketId, contactId: command.contactId, variables: { ...command.variables },
        },
      });
      if (indexGraph(command.flow.graph).node(START_NODE_ID)) walk.enter(START_NODE_ID);
      else walk.emit({ type: 'FlowFailed', data: { code: 'ERR_FLOW_NO_START', nodeId: null, message: `version ${command.flow.version} of flow ${command.flow.flowId} has no block "${START_NODE_ID}"` } });
      return walk.events;
    }
    if (state.status !== 'running') return [];
    if (command.type === 'StopFlow') return [{ type: 'FlowFinished', data: { reason: 'stopped', nodeId: state.wait?.nodeId ?? null } }];

    if (command.flow.flowId !== state.flowId || command.flow.version !== state.version) {
      throw new FlowError('ERR_FLOW_VERSION_MISMATCH', `execution ${state.executionId} runs flow ${state.flowId} version ${state.version}, not ${command.flow.flowId} version ${command.flow.version}`);
    }
    const wait = state.wait;
    const walk = walker(command.flow, state, command.at);
    switch (command.type) {
      case 'ReceiveReply':
        if (wait?.kind !== 'reply' || state.taken.includes(command.message.id)) return [];
        walk.emit({ type: 'ReplyReceived', data: { waitId: wait.id, message: command.message } });
        walk.wake(wait.nodeId, { type: 'reply', message: command.message });
        return walk.events;
      case 'ReplyTimedOut':
        if (wait?.kind !== 'reply' || wait.id !== command.waitId) return [];
        walk.emit({ type: 'ReplyExpired', data: { waitId: wait.id } });
        walk.follow(wait.nodeId, wait.port);
        return walk.events;
      case 'DelayElapsed':
        if (wait?.kind !== 'delay' || wait.id !== command.waitId) return [];
        walk.emit({ type: 'DelayEnded', data: { waitId: wait.id } });
        walk.follow(wait.nodeId, wait.port);
        return walk.events;
      case 'EffectCompleted':
        if (wait?.kind !== 'effect' || wait.id !== command.waitId) return [];
        walk.emit({ type: 'EffectSettled', data: { waitId: wait.id, result: command.result } });
        walk.wake(wait.nodeId, { type: 'effect', name: wait.name, result: command.result });
        return walk.events;
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  }

  /** Walks the graph from one block to the next, folding each event it emits, until the flow waits or ends. */
  function walker(flow: FlowVersion, start: FlowExecutionState, at: string) {
    const graph: GraphIndex = indexGraph(flow.graph);
    const events: FlowExecutionEvent[] = [];
    let state = start;
    const emit = (event: FlowExecutionEvent) => {
      events.push(event);
      state = evolveExecution(state, event);
    };
    const fail = (code: string, nodeId: string | null, message: string) => emit({ type: 'FlowFailed', data: { code, nodeId, message } });
    const dueAt = (seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

    /** The path goes on into a block (`enter`) or wakes the block it waits in. Steps run in a loop, not by recursion. */
    type Step = { nodeId: string; input: BlockInput } | null;

    function drive(first: Step): void {
      for (let step = first; step; ) step = stepInto(step);
    }

    function stepInto({ nodeId, input }: { nodeId: string; input: BlockInput }): Step {
      const node = graph.node(nodeId);
      if (!node) {
        fail('ERR_FLOW_DANGLING_CONNECTION', nodeId, `block ${nodeId} is not in version ${flow.version} of flow ${flow.flowId}`);
        return null;
      }
      if (input.type === 'enter') {
        if (state.stepsSinceWait >= maxSteps) {
          fail('ERR_FLOW_LOOP_GUARD', nodeId, `${maxSteps} blocks in a row without waiting: the flow loops`);
          return null;
        }
        emit({ type: 'BlockEntered', data: { nodeId, blockType: node.type } });
      }
      const plugin = options.registry.get(node.type);
      if (!plugin) {
        fail('ERR_FLOW_UNKNOWN_BLOCK', nodeId, `no plugin for block type "${node.type}"`);
        return null;
      }
      const result = runBlock(plugin, node, state.variables, {
        input,
        isConnected: (port) => graph.target(nodeId, port) !== undefined,
        // Entering a block, and each wait it wakes from, changes the key: every run draws afresh, every re-decision alike.
        random: drawsFor(`${state.executionId}:${state.blocksEntered}:${state.nextWaitId}:${nodeId}`, options.random),
        at,
      });
      if (!result.ok) {
        fail(result.code, nodeId, result.message);
        return null;
      }
      for (const [name, value] of Object.entries(result.set)) emit({ type: 'VariableSet', data: { name, value } });
      if (result.messages.length > 0) emit({ type: 'MessagesRequested', data: { nodeId, messages: result.messages } });
      const next = result.next;
      const ports = outputPortsOf(plugin, node.data);
      const unknownPort = (port: string) => {
        if (ports.some((p) => p.name === port)) return false;
        fail('ERR_FLOW_UNKNOWN_PORT', nodeId, `block type "${node.type}" has no output "${port}"`);
        return true;
      };
      switch (next.type) {
        case 'follow':
          return unknownPort(next.port) ? null : follow(nodeId, next.port);
        case 'awaitReply':
          if (!unknownPort(next.timeoutPort)) emit({ type: 'ReplyAwaited', data: { waitId: state.nextWaitId, nodeId, dueAt: dueAt(next.timeoutSeconds), timeoutPort: next.timeoutPort } });
          return null;
        case 'delay':
          if (!unknownPort(next.port)) emit({ type: 'DelayStarted', data: { waitId: state.nextWaitId, nodeId, dueAt: dueAt(next.seconds), port: next.port } });
          return null;
        case 'effect':
          emit({ type: 'EffectRequested', data: { waitId: state.nextWaitId, nodeId, name: next.name, input: next.input } });
          return null;
        case 'handOver':
          emit({ type: 'TicketHandedOver', data: { nodeId, queueId: next.queueId, userId: next.userId } });
          emit({ type: 'FlowFinished', data: { reason: 'handedOver', nodeId } });
          return null;
        case 'finish':
          emit({ type: 'FlowFinished', data: { reason: 'end', nodeId } });
          return null;
        default: {
          const unknown: never = next;
          return unknown;
        }
      }
    }

    /** Leaves `nodeId` by `port`: into the block it leads to, or the flow ends there when it leads nowhere. */
    function follow(nodeId: string, port: string): Step {
      const target = graph.target(nodeId, port);
      if (target !== undefined) return { nodeId: target, input: { type: 'enter' } };
      emit({ type: 'FlowFinished', data: { reason: 'end', nodeId } });
      return null;
    }

    return {
      events,
      emit,
      enter: (nodeId: string) => drive({ nodeId, input: { type: 'enter' } }),
      wake: (nodeId: string, input: BlockInput) => drive({ nodeId, input }),
      follow: (nodeId: string, port: string) => drive(follow(nodeId, port)),
    };
  }

  return { decide, evolve: evolveExecution, initialState: initialExecutionState };
}

/** Which published version a command for this execution must carry. */
export const versionOf = (state: FlowExecutionState) => ({ flowId: state.flowId, version: state.version });
