import { describe, expect, it } from 'vitest';
import type { FlowConnection, FlowExecutionEvent, FlowNode, FlowVersion } from '@atendo/contracts';
import { flowExecution, versionOf, type FlowCommand, type FlowExecutionState } from './execution.js';
import { awaitReply, defineBlock, delay, effect, finish, follow, handOver, text, yup, type FlowPlugin } from './index.js';
import { randomOf } from './random.js';
import { createRegistry } from './registry.js';

// Tiny blocks for the engine's own tests: the engine must run them knowing nothing but their descriptors.
const any = yup.object({}).unknown(true);
const base = { label: 'test', icon: 'cube', fields: [], defaults: {}, schema: any, input: true, waits: false, outputs: [{ name: 'next', label: 'next' }] };
const begin = defineBlock({ ...base, type: 'begin', input: false, run: () => ({ next: follow('next') }) });
const say = defineBlock<{ text: string }>({ ...base, type: 'say', run: ({ config }) => ({ send: [text(config.text, 0)], next: follow('next') }) });
const ask = defineBlock<{ text: string; into: string }>({
  ...base,
  type: 'ask',
  waits: true,
  outputs: [{ name: 'next', label: 'next' }, { name: 'timeout', label: 'timeout' }],
  run: ({ config, input }) =>
    input.type === 'reply' ? { set: { [config.into]: input.message.body }, next: follow('next') } : { send: [text(config.text, 0)], next: awaitReply(60, 'timeout') },
});
const choose = defineBlock<{ options: Array<{ n: number }> }>({
  ...base,
  type: 'choose',
  waits: true,
  outputs: [{ name: 'invalid', label: 'invalid' }],
  outputsPerItem: { list: 'options', key: 'n', prefix: 'pick:' },
  run: ({ config, input }) => {
    if (input.type !== 'reply') return { send: [text('1 or 2?', 0)], next: awaitReply(300, 'invalid') };
    const picked = config.options.find((o) => String(o.n) === input.message.body);
    return { next: follow(picked ? `pick:${picked.n}` : 'invalid') };
  },
});
const atLeast = defineBlock<{ key: string; min: number }>({
  ...base,
  type: 'atLeast',
  outputs: [{ name: 'yes', label: 'yes' }, { name: 'no', label: 'no' }],
  run: ({ config, variables }) => ({ next: follow(Number(variables[config.key]) >= config.min ? 'yes' : 'no') }),
});
const transfer = defineBlock<{ queueId: number }>({ ...base, type: 'transfer', outputs: [], run: ({ config }) => ({ next: handOver(config.queueId) }) });
const pause = defineBlock<{ sec: number }>({ ...base, type: 'pause', waits: true, run: ({ config }) => ({ next: delay(config.sec, 'next') }) });
const lookup = defineBlock({
  ...base,
  type: 'lookup',
  waits: true,
  run: ({ input }) =>
    input.type === 'effect'
      ? { set: { found: input.result.ok ? String(input.result.value) : 'none' }, next: follow('next') }
      : { next: effect('http', { url: 'https://example.test' }) },
});
const broken = defineBlock({ ...base, type: 'broken', run: () => { throw new Error('boom'); } });
const stray = defineBlock({ ...base, type: 'stray', run: () => ({ next: follow('elsewhere') }) });
const stop = defineBlock({ ...base, type: 'stop', run: () => ({ next: finish() }) });
const pass = defineBlock({ ...base, type: 'pass', run: () => ({ next: follow('next') }) });

const registry = createRegistry([begin, say, ask, choose, atLeast, transfer, pause, lookup, broken, stray, stop, pass] as FlowPlugin[]);
const engine = flowExecution({ registry, maxStepsWithoutWait: 10 });

const node = (id: string, type: string, data: Record<string, unknown> = {}): FlowNode => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (source: string, sourceHandle: string, target: string): FlowConnection => ({ source, sourceHandle, target });
const flow = (nodes: FlowNode[], connections: FlowConnection[], version = 1): FlowVersion => ({ flowId: 9, version, graph: { nodes, connections } });

const AT = '2026-11-25T10:00:00.000Z';
const start = (f: FlowVersion, variables: Record<string, string> = {}): FlowCommand => ({ type: 'StartFlow', executionId: 'x1', flow: f, ticketId: 20, contactId: 10, variables, at: AT });
const reply = (f: FlowVersion, body: string, id = `m-${body}`): FlowCommand => ({ type: 'ReceiveReply', flow: f, message: { id, body }, at: AT });

const started = (version = 1, variables: Record<string, string> = {}): FlowExecutionEvent => ({
  type: 'FlowStarted', data: { executionId: 'x1', flowId: 9, version, ticketId: 20, contactId: 10, variables },
});
const entered = (nodeId: string, blockType: string): FlowExecutionEvent => ({ type: 'BlockEntered', data: { nodeId, blockType } });
const sent = (nodeId: string, ...bodies: string[]): FlowExecutionEvent => ({ type: 'MessagesRequested', data: { nodeId, messages: bodies.map((body) => text(body, 0)) } });
const awaited = (waitId: number, nodeId: string, timeoutPort: string, seconds: number): FlowExecutionEvent => ({
  type: 'ReplyAwaited', data: { waitId, nodeId, timeoutPort, dueAt: new Date(Date.parse(AT) + seconds * 1000).toISOString() },
});
const received = (waitId: number, body: string, id = `m-${body}`): FlowExecutionEvent => ({ type: 'ReplyReceived', data: { waitId, message: { id, body } } });
const set = (name: string, value: string): FlowExecutionEvent => ({ type: 'VariableSet', data: { name, value } });

const fold = (events: FlowExecutionEvent[]): FlowExecutionState => events.reduce(engine.evolve, engine.initialState());
const given = (events: FlowExecutionEvent[]) => ({
  when: (command: FlowCommand) => ({
    then: (expected: FlowExecutionEvent[]) => expect(engine.decide(command, fold(events))).toEqual(expected),
    events: () => engine.decide(command, fold(events)),
  }),
});

// menu → question → question → condition → ticket, the walk.
const support = flow(
  [
    node('1', 'begin'),
    node('menu', 'choose', { options: [{ n: 1 }, { n: 2 }] }),
    node('bye', 'say', { text: 'Bye {{name}}' }),
    node('name', 'ask', { text: 'Your name?', into: 'name' }),
    node('age', 'ask', { text: '{{name}}, your age?', into: 'age' }),
    node('adult', 'atLeast', { key: 'age', min: 18 }),
    node('sales', 'transfer', { queueId: 5 }),
    node('minor', 'say', { text: 'Sorry {{name}}, adults only' }),
  ],
  [
    edge('1', 'next', 'menu'), edge('menu', 'pick:1', 'bye'), edge('menu', 'pick:2', 'name'), edge('name', 'next', 'age'),
    edge('age', 'next', 'adult'), edge('adult', 'yes', 'sales'), edge('adult', 'no', 'minor'),
  ],
);
const atMenu = [started(), entered('1', 'begin'), entered('menu', 'choose'), sent('menu', '1 or 2?'), awaited(1, 'menu', 'invalid', 300)];
const atName = [...atMenu, received(1, '2'), entered('name', 'ask'), sent('name', 'Your name?'), awaited(2, 'name', 'timeout', 60)];
const atAge = [...atName, received(2, 'Ana'), set('name', 'Ana'), entered('age', 'ask'), sent('age', 'Ana, your age?'), awaited(3, 'age', 'timeout', 60)];

describe('a whole flow, block by block', () => {
  it('starts at block "1" and runs until the first wait', () => {
    given([]).when(start(support)).then(atMenu);
  });
  it('the chosen option leads on; each question asks, waits and keeps its answer', () => {
    given(atMenu).when(reply(support, '2')).then(atName.slice(atMenu.length));
    given(atName).when(reply(support, 'Ana')).then(atAge.slice(atName.length));
  });
  it('the condition reads the answers: an adult is handed to the queue and the flow ends there', () => {
    given(atAge).when(reply(support, '30')).then([
      received(3, '30'), set('age', '30'), entered('adult', 'atLeast'), entered('sales', 'transfer'),
      { type: 'TicketHandedOver', data: { nodeId: 'sales', queueId: 5, userId: null } },
      { type: 'FlowFinished', data: { reason: 'handedOver', nodeId: 'sales' } },
    ]);
  });
  it('the other branch: a minor gets the message, and the path ends where a port leads nowhere', () => {
    given(atAge).when(reply(support, '15')).then([
      received(3, '15'), set('age', '15'), entered('adult', 'atLeast'), entered('minor', 'say'), sent('minor', 'Sorry Ana, adults only'),
      { type: 'FlowFinished', data: { reason: 'end', nodeId: 'minor' } },
    ]);
  });
  it('a reply the menu cannot use leaves by its invalid port, which here leads nowhere', () => {
    given(atMenu).when(reply(support, '7')).then([received(1, '7'), { type: 'FlowFinished', data: { reason: 'end', nodeId: 'menu' } }]);
  });
});

describe('{{variable}} substitution', () => {
  it('fills in known variables and empties unknown ones, in every text sent', () => {
    const hello = flow([node('1', 'begin'), node('a', 'say', { text: 'Hi {{ name }}, order {{order}}{{missing}}!' })], [edge('1', 'next', 'a')]);
    const events = given([]).when(start(hello, { name: 'Ana', order: '42' })).events();
    expect(events).toContainEqual(sent('a', 'Hi Ana, order 42!'));
  });
  it('a variable set by a block is seen by the next block in the same step', () => {
    given(atMenu).when(reply(support, '1')).then([received(1, '1'), entered('bye', 'say'), sent('bye', 'Bye '), { type: 'FlowFinished', data: { reason: 'end', nodeId: 'bye' } }]);
    const named = given(atAge).when(reply(support, '15')).events();
    expect(named).toContainEqual(sent('minor', 'Sorry Ana, adults only'));
  });
});

describe('replies', () => {
  it('a reply while no reply is awaited does nothing: not started, pausing, finished, stopped', () => {
    const paused = flow([node('1', 'begin'), node('p', 'pause', { sec: 5 })], [edge('1', 'next', 'p')]);
    given([]).when(reply(paused, 'hi')).then([]);
    given([started(), entered('1', 'begin'), entered('p', 'pause'), { type: 'DelayStarted', data: { waitId: 1, nodeId: 'p', dueAt: '2026-11-25T10:00:05.000Z', port: 'next' } }])
      .when(reply(paused, 'hi'))
      .then([]);
    given([...atMenu, { type: 'FlowFinished', data: { reason: 'end', nodeId: 'menu' } }]).when(reply(support, '2')).then([]);
    given([...atMenu, { type: 'FlowFinished', data: { reason: 'stopped', nodeId: 'menu' } }]).when(reply(support, '2')).then([]);
  });
  it('two replies racing for one wait: both decide on the same state, and the one decided after the winner is appended no longer finds that wait', () => {
    const first = given(atName).when(reply(support, 'Ana')).events();
    const second = given(atName).when(reply(support, 'Bia')).events();
    expect(first[0]).toEqual(received(2, 'Ana'));
    expect(second[0]).toEqual(received(2, 'Bia'));
    // The second append conflicts on the stream revision; decided again on the new state it answers the next wait, not this one.
    const retried = given([...atName, ...first]).when(reply(support, 'Bia')).events();
    expect(retried[0]).toEqual(received(3, 'Bia'));
    expect(retried).not.toContainEqual(set('name', 'Bia'));
  });
  it('a redelivered message (same id) is not taken again, even by a later wait', () => {
    given(atAge).when(reply(support, 'Ana', 'm-Ana')).then([]);
  });
  it('the timeout follows the wait’s timeout port; a stale or repeated timer does nothing', () => {
    const withTimeout = flow([...support.graph.nodes, node('late', 'say', { text: 'Too late' })], [...support.graph.connections, edge('name', 'timeout', 'late')]);
    given(atName).when({ type: 'ReplyTimedOut', flow: withTimeout, waitId: 2, at: AT }).then([
      { type: 'ReplyExpired', data: { waitId: 2 } }, entered('late', 'say'), sent('late', 'Too late'), { type: 'FlowFinished', data: { reason: 'end', nodeId: 'late' } },
    ]);
    given(atName).when({ type: 'ReplyTimedOut', flow: support, waitId: 1, at: AT }).then([]);
    given(atAge).when({ type: 'ReplyTimedOut', flow: support, waitId: 2, at: AT }).then([]);
    given(atName).when({ type: 'ReplyTimedOut', flow: support, waitId: 2, at: AT }).then([
      { type: 'ReplyExpired', data: { waitId: 2 } }, { type: 'FlowFinished', data: { reason: 'end', nodeId: 'name' } },
    ]);
  });
});

describe('delays and outside calls', () => {
  const f = flow(
    [node('1', 'begin'), node('p', 'pause', { sec: 30 }), node('l', 'lookup'), node('s', 'say', { text: 'Found {{found}}' })],
    [edge('1', 'next', 'p'), edge('p', 'next', 'l'), edge('l', 'next', 's')],
  );
  const paused: FlowExecutionEvent[] = [started(), entered('1', 'begin'), entered('p', 'pause'), { type: 'DelayStarted', data: { waitId: 1, nodeId: 'p', dueAt: '2026-11-25T10:00:30.000Z', port: 'next' } }];
  const calling: FlowExecutionEvent[] = [...paused, { type: 'DelayEnded', data: { waitId: 1 } }, entered('l', 'lookup'), { type: 'EffectRequested', data: { waitId: 2, nodeId: 'l', name: 'http', input: { url: 'https://example.test' } } }];
  it('a delay is a durable wait with its due time; when it elapses the path goes on', () => {
    given([]).when(start(f)).then(paused);
    given(paused).when({ type: 'DelayElapsed', flow: f, waitId: 1, at: AT }).then(calling.slice(paused.length));
    given(calling).when({ type: 'DelayElapsed', flow: f, waitId: 1, at: AT }).then([]);
  });
  it('an outside call is asked for, never made; its result wakes the block that asked', () => {
    given(calling).when({ type: 'EffectCompleted', flow: f, waitId: 2, result: { ok: true, value: 'ABC' }, at: AT }).then([
      { type: 'EffectSettled', data: { waitId: 2, result: { ok: true, value: 'ABC' } } }, set('found', 'ABC'), entered('s', 'say'), sent('s', 'Found ABC'),
      { type: 'FlowFinished', data: { reason: 'end', nodeId: 's' } },
    ]);
    given(calling).when({ type: 'EffectCompleted', flow: f, waitId: 1, result: { ok: true, value: 'ABC' }, at: AT }).then([]);
  });
});

describe('stopping, failing, guarding', () => {
  it('StopFlow (a person accepted the ticket) finishes a waiting execution; afterwards everything is ignored', () => {
    given(atName).when({ type: 'StopFlow' }).then([{ type: 'FlowFinished', data: { reason: 'stopped', nodeId: 'name' } }]);
    const stopped = [...atName, { type: 'FlowFinished', data: { reason: 'stopped', nodeId: 'name' } } as FlowExecutionEvent];
    given(stopped).when({ type: 'StopFlow' }).then([]);
    given(stopped).when({ type: 'ReplyTimedOut', flow: support, waitId: 2, at: AT }).then([]);
    given(stopped).when(start(support)).then([]);
  });
  it('the loop guard fails a flow that enters too many blocks without waiting', () => {
    const spin = flow([node('1', 'begin'), node('a', 'say', { text: 'a' }), node('b', 'say', { text: 'b' })], [edge('1', 'next', 'a'), edge('a', 'next', 'b'), edge('b', 'next', 'a')]);
    const events = given([]).when(start(spin)).events();
    expect(events.filter((e) => e.type === 'BlockEntered')).toHaveLength(10);
    expect(events.at(-1)).toEqual({ type: 'FlowFailed', data: { code: 'ERR_FLOW_LOOP_GUARD', nodeId: 'b', message: expect.stringContaining('10 blocks') } });
  });
  it('a wait resets the guard: a loop through a question runs as long as the contact answers', () => {
    const again = flow([node('1', 'begin'), node('q', 'ask', { text: 'Again?', into: 'x' })], [edge('1', 'next', 'q'), edge('q', 'next', 'q')]);
    let events = given([]).when(start(again)).events();
    for (let i = 0; i < 15; i += 1) events = [...events, ...given(events).when(reply(again, `r${i}`)).events()];
    expect(events.filter((e) => e.type === 'ReplyReceived')).toHaveLength(15);
    expect(events.some((e) => e.type === 'FlowFailed')).toBe(false);
  });
  it('a block that throws, a block type nobody installed, a port the block does not have, no start: the flow fails, the engine does not', () => {
    const failing = (type: string) => given([]).when(start(flow([node('1', 'begin'), node('z', type)], [edge('1', 'next', 'z')]))).events().at(-1);
    expect(failing('broken')).toEqual({ type: 'FlowFailed', data: { code: 'ERR_FLOW_BLOCK_FAILED', nodeId: 'z', message: 'boom' } });
    expect(failing('ghost')).toMatchObject({ type: 'FlowFailed', data: { code: 'ERR_FLOW_UNKNOWN_BLOCK', nodeId: 'z' } });
    expect(failing('stray')).toMatchObject({ type: 'FlowFailed', data: { code: 'ERR_FLOW_UNKNOWN_PORT', nodeId: 'z' } });
    expect(failing('stop')).toEqual({ type: 'FlowFinished', data: { reason: 'end', nodeId: 'z' } });
    expect(given([]).when(start(flow([node('a', 'say', { text: 'x' })], []))).events()).toEqual([
      started(), { type: 'FlowFailed', data: { code: 'ERR_FLOW_NO_START', nodeId: null, message: 'version 1 of flow 9 has no block "1"' } },
    ]);
  });
  it('a long chain runs in a loop, not by recursion', () => {
    const n = 20_000;
    const nodes = [node('1', 'begin'), ...Array.from({ length: n }, (_, i) => node(`s${i}`, 'pass'))];
    const long = flow(nodes, [edge('1', 'next', 's0'), ...Array.from({ length: n - 1 }, (_, i) => edge(`s${i}`, 'next', `s${i + 1}`))]);
    const events = flowExecution({ registry, maxStepsWithoutWait: n + 10 }).decide(start(long), fold([]));
    expect(events.at(-1)).toEqual({ type: 'FlowFinished', data: { reason: 'end', nodeId: `s${n - 1}` } });
  });
});

describe('versions', () => {
  it('an execution records the version it started on and refuses a command carrying another', () => {
    const v2 = flow(support.graph.nodes, support.graph.connections, 2);
    given([]).when(start(v2)).then([started(2), ...atMenu.slice(1)]);
    expect(() => given(atMenu).when(reply(v2, '2')).events()).toThrowError(expect.objectContaining({ code: 'ERR_FLOW_VERSION_MISMATCH' }));
  });
  it('a version published while it waits does not change its path: it finishes on its own graph', () => {
    const v2 = flow([node('1', 'begin'), node('menu', 'choose', { options: [{ n: 1 }, { n: 2 }] }), node('other', 'say', { text: 'v2' })], [edge('1', 'next', 'menu'), edge('menu', 'pick:2', 'other')], 2);
    expect(versionOf(fold(atMenu))).toEqual({ flowId: 9, version: 1 });
    expect(given(atMenu).when(reply(support, '2')).events()).toContainEqual(entered('name', 'ask'));
    expect(() => given(atMenu).when(reply(v2, '2')).events()).toThrow();
  });
});

describe('random numbers', () => {
  // A block that draws twice and says what it drew, then waits, so a reply wakes it to draw again.
  const dice = defineBlock({
    ...base,
    type: 'dice',
    waits: true,
    run: ({ random }) => ({ send: [text(`${random()} ${random()}`, 0)], next: awaitReply(60, 'next') }),
  });
  const diceEngine = (random?: (key: string) => number) => flowExecution({ registry: createRegistry([begin, dice] as FlowPlugin[]), random });
  const rolls = flow([node('1', 'begin'), node('d', 'dice')], [edge('1', 'next', 'd')]);
  const drawn = (events: FlowExecutionEvent[]) =>
    events.flatMap((e) => (e.type === 'MessagesRequested' && e.data.messages[0]?.kind === 'text' ? e.data.messages[0].body.split(' ').map(Number) : []));

  it('the same command on the same state draws the same numbers, in [0, 1), different from draw to draw', () => {
    const first = diceEngine().decide(start(rolls), fold([]));
    expect(diceEngine().decide(start(rolls), fold([]))).toEqual(first);
    const [a, b] = drawn(first);
    expect(a).not.toBe(b);
    for (const n of [a, b]) expect(n! >= 0 && n! < 1).toBe(true);
  });
  it('another execution, or a later wake of the same block, draws other numbers', () => {
    const state = [...diceEngine().decide(start(rolls), fold([]))];
    const other = diceEngine().decide({ ...start(rolls), executionId: 'x2' } as FlowCommand, fold([]));
    expect(drawn(other)).not.toEqual(drawn(state));
    const woken = diceEngine().decide(reply(rolls, 'again'), state.reduce(diceEngine().evolve, diceEngine().initialState()));
    expect(drawn(woken)).not.toEqual(drawn(state));
  });
  it('is keyed by the execution, the blocks entered, the next wait, the block and the draw, and can be replaced', () => {
    const keys: string[] = [];
    const events = diceEngine((key) => {
      keys.push(key);
      return 0.25;
    }).decide(start(rolls), fold([]));
    expect(keys).toEqual(['x1:2:1:d#0', 'x1:2:1:d#1']);
    expect(drawn(events)).toEqual([0.25, 0.25]);
  });
  it('spreads evenly: a tenth of many keys fall in each tenth of [0, 1)', () => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 10_000; i += 1) counts[Math.floor(randomOf(`execution-${i}:3:1:node#0`) * 10)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(900);
  });
});

describe('the decision’s time', () => {
  it('a block sees the command’s time as `at`, never the clock’s', () => {
    const clock = defineBlock({ ...base, type: 'clock', run: ({ at }) => ({ set: { seen: at }, next: finish() }) });
    const timed = flow([node('1', 'begin'), node('c', 'clock')], [edge('1', 'next', 'c')]);
    const events = flowExecution({ registry: createRegistry([begin, clock] as FlowPlugin[]) }).decide(start(timed), fold([]));
    expect(events).toContainEqual(set('seen', AT));
  });
});
