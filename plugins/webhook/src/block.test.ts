import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest, type BlockTestCase } from '@atendo/flow-engine';
import webhook, { ATTEMPT_VARIABLE, PENDING_VARIABLE, retryDelaySeconds } from './index.js';

const data = { url: 'https://hooks.example.test/atendo', secret: 'secret:hmac' };
const run = (testCase: BlockTestCase) => runBlockForTest(webhook, { data, ...testCase });
const message = { id: 'wamid-1', body: 'Quero pizza', mediaType: 'chat' };
const answered = (value: unknown, testCase: BlockTestCase = {}) => run({ effect: { name: 'webhook.post', result: { ok: true, value } }, ...testCase });
const failed = (testCase: BlockTestCase = {}) => run({ effect: { name: 'webhook.post', result: { ok: false, error: 'webhook: HTTP 503' } }, ...testCase });
/** An execution whose message `message` failed `attempt` times. */
const retrying = (attempt: number) => ({ [ATTEMPT_VARIABLE]: String(attempt), [PENDING_VARIABLE]: JSON.stringify(message), name: 'Ana', number: '5511999990000' });
const listening = { type: 'awaitReply', timeoutSeconds: 86_400, timeoutPort: 'timeout' };

describe('webhook block: each message posted', () => {
  it('on entering, waits for the contact', () => {
    expect(run({}).next).toEqual(listening);
  });
  it('posts each reply with the message id as the delivery id, the contact and the run’s variables (not its own)', () => {
    const posted = run({ reply: message, variables: { name: 'Ana', number: '5511999990000', pedido: '12', [ATTEMPT_VARIABLE]: '0' } });
    expect(posted.next).toEqual({
      type: 'effect',
      name: 'webhook.post',
      input: {
        url: 'https://hooks.example.test/atendo',
        secret: 'secret:hmac',
        deliveryId: 'wamid-1',
        payload: {
          event: 'message',
          companyId: 0,
          ticketId: 0,
          contact: { name: 'Ana', number: '5511999990000' },
          message: { id: 'wamid-1', body: 'Quero pizza', mediaType: 'chat', mediaUrl: null },
          variables: { name: 'Ana', number: '5511999990000', pedido: '12' },
        },
      },
    });
    expect(posted.set).toEqual({ [ATTEMPT_VARIABLE]: '0', [PENDING_VARIABLE]: JSON.stringify(message) });
  });
  it('posts a file as well, with its type and address', () => {
    const posted = run({ reply: { id: 'w2', body: '', mediaType: 'image', mediaUrl: 'https://cdn.example.test/f.jpg' } });
    expect(posted.next).toMatchObject({ input: { payload: { message: { id: 'w2', body: '', mediaType: 'image', mediaUrl: 'https://cdn.example.test/f.jpg' }, contact: { name: '', number: '' } } } });
  });
});

describe('webhook block: the receiver’s answer', () => {
  it('sends the replies and waits for the next message, forgetting the delivered one', () => {
    const done = answered({ replies: ['Olá!', 'Qual sabor?'], transfer: null, stop: false }, { variables: retrying(2) });
    expect(done.messages).toEqual([
      { kind: 'text', body: 'Olá!', typingMs: 1000 },
      { kind: 'text', body: 'Qual sabor?', typingMs: 1000 },
    ]);
    expect(done.set).toEqual({ [ATTEMPT_VARIABLE]: '0', [PENDING_VARIABLE]: '' });
    expect(done.next).toEqual(listening);
  });
  it('a transfer sends the replies, then hands the ticket to the queue or the person', () => {
    const moved = answered({ replies: ['Um momento'], transfer: { queueId: 2, userId: 5 }, stop: false });
    expect(moved.messages.map((m) => m.kind === 'text' && m.body)).toEqual(['Um momento']);
    expect(moved.next).toEqual({ type: 'handOver', queueId: 2, userId: 5 });
    expect(answered({ replies: [], transfer: { queueId: null, userId: 7 }, stop: false }).next).toEqual({ type: 'handOver', queueId: null, userId: 7 });
  });
  it('stop ends the flow: the ticket stays with its queue’s people', () => {
    expect(answered({ replies: ['Tchau'], transfer: null, stop: true }).next).toEqual({ type: 'finish' });
  });
});

describe('webhook block: a failed post', () => {
  it('pauses 5 s, 15 s, 45 s, 135 s … before each retry when the retry port leads back to it', () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([5, 15, 45, 135, 405]);
    const first = failed({ variables: retrying(0) });
    expect(first.next).toEqual({ type: 'delay', seconds: 5, port: 'retry' });
    expect(first.set).toEqual({ [ATTEMPT_VARIABLE]: '1' });
    expect(failed({ variables: retrying(3) }).next).toEqual({ type: 'delay', seconds: 135, port: 'retry' });
  });
  it('back from the pause, posts the same message again, same delivery id', () => {
    const again = run({ variables: retrying(1) });
    expect(again.next).toMatchObject({ type: 'effect', name: 'webhook.post', input: { deliveryId: 'wamid-1', payload: { message: { body: 'Quero pizza' }, variables: { name: 'Ana' } } } });
  });
  it('without the retry port connected, tries again at once', () => {
    expect(failed({ variables: retrying(0), connected: ['error'] }).next).toMatchObject({ type: 'effect', name: 'webhook.post', input: { deliveryId: 'wamid-1' } });
  });
  it('after `retries` tries after the first, leaves by error, or keeps listening when error leads nowhere', () => {
    const spent = failed({ variables: retrying(4) });
    expect(spent.next).toEqual({ type: 'follow', port: 'error' });
    expect(spent.set).toEqual({ [ATTEMPT_VARIABLE]: '0', [PENDING_VARIABLE]: '' });
    expect(failed({ variables: retrying(4), connected: ['retry'] }).next).toEqual(listening);
    expect(failed({ variables: retrying(0), data: { ...data, retries: 0 } }).next).toEqual({ type: 'follow', port: 'error' });
    expect(failed({ variables: retrying(9), data: { ...data, retries: 10 } }).next).toEqual({ type: 'delay', seconds: retryDelaySeconds(10), port: 'retry' });
  });
  it('an answer not shaped as the performer makes it counts as a failure', () => {
    expect(answered({ replies: 'oi' }, { variables: retrying(0) }).next).toEqual({ type: 'delay', seconds: 5, port: 'retry' });
  });
});

describe('webhook block: its data', () => {
  it('needs an http(s) address and a secret; retries from 0 to 10', () => {
    expect(blockDataErrors(webhook, data)).toEqual([]);
    expect(blockDataErrors(webhook, { url: 'ftp://x', secret: '' }).map((e) => [e.field, e.message.split(': ').at(-1)])).toEqual([
      ['url', 'flows.validation.webhookUrl'],
      ['secret', 'validation.required'],
    ]);
    expect(blockDataErrors(webhook, { ...data, retries: 11 }).map((e) => e.field)).toEqual(['retries']);
    expect(blockDataErrors(webhook, { ...data, retries: -1 }).map((e) => e.field)).toEqual(['retries']);
  });
  it('keeps the secret in a field of kind secret, so the graph holds a reference', () => {
    expect(webhook.fields.find((f) => f.name === 'secret')?.kind).toBe('secret');
    expect(webhook.defaults).toEqual({ url: '', secret: '', retries: 4, timeoutMinutes: 1440 });
  });
});
