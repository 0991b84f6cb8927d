import { describe, expect, it } from 'vitest';
import { blockDataErrors, runBlockForTest } from '@atendo/flow-engine';
import httpRequest, { HTTP_REQUEST_EFFECT, jsonPathSteps, valueAt } from './index.js';

const config = (overrides: Record<string, unknown> = {}) => ({
  method: 'POST',
  url: 'https://api.example.test/orders/{{order}}?name={{name}}',
  headers: [
    { name: 'Authorization', value: 'Bearer {{token}}' },
    { name: 'Content-Type', value: 'application/json' },
  ],
  body: '{"name": "{{name}}", "order": "{{order}}"}',
  saveAs: 'answer',
  jsonPath: '',
  timeoutSeconds: 5,
  ...overrides,
});

/** What the block does when its call comes back with `result`. */
const answered = (result: { ok: true; value: unknown } | { ok: false; error: string }, overrides: Record<string, unknown> = {}) =>
  runBlockForTest(httpRequest, { data: config(overrides), effect: { name: HTTP_REQUEST_EFFECT, result } });
const response = (status: number, body: string) => ({ ok: true as const, value: { status, body, truncated: false } });

describe('http-request block: the request it asks for', () => {
  it('asks the runtime for the call with the variables filled in, and sends nothing itself', () => {
    const run = runBlockForTest(httpRequest, { data: config(), variables: { order: '42', name: 'Ana "Bia"', token: 's3cr3t' } });
    expect(run.messages).toEqual([]);
    expect(run.set).toEqual({});
    expect(run.next).toEqual({
      type: 'effect',
      name: 'http-request',
      input: {
        method: 'POST',
        // A value in the URL is percent-encoded, so a contact's answer cannot add a path or a query parameter.
        url: 'https://api.example.test/orders/42?name=Ana%20%22Bia%22',
        headers: [
          { name: 'Authorization', value: 'Bearer s3cr3t' },
          { name: 'Content-Type', value: 'application/json' },
        ],
        // The headers say JSON, so the value's quotes are escaped and the body stays JSON.
        body: '{"name": "Ana \\"Bia\\"", "order": "42"}',
        timeoutMs: 5000,
      },
    });
  });
  it('sends a plain-text body as written, none for GET, keeps header values on one line and fills in defaults', () => {
    const plain = runBlockForTest(httpRequest, { data: config({ headers: [{ name: 'X-Who', value: '{{who}}' }], body: 'hi {{who}}' }), variables: { who: 'a\r\nSet-Cookie: x' } });
    expect(plain.next).toMatchObject({ input: { headers: [{ name: 'X-Who', value: 'a Set-Cookie: x' }], body: 'hi a\r\nSet-Cookie: x' } });
    const get = runBlockForTest(httpRequest, { data: { url: 'http://127.0.0.1:8080/ping', body: 'ignored' } });
    expect(get.next).toEqual({ type: 'effect', name: 'http-request', input: { method: 'GET', url: 'http://127.0.0.1:8080/ping', headers: [], body: null, timeoutMs: 10_000 } });
  });
  it('goes the error way, asking nothing, when a variable leaves no usable URL', () => {
    const run = runBlockForTest(httpRequest, { data: config({ url: 'https://{{host}}/x' }), variables: { host: 'bad host' } });
    expect(run.next).toEqual({ type: 'follow', port: 'error' });
    expect(run.set).toEqual({ answer: '' });
  });
});

describe('http-request block: the answer', () => {
  it('keeps the whole body of a 2xx answer and follows success', () => {
    const run = answered(response(201, 'created #42'));
    expect(run.next).toEqual({ type: 'follow', port: 'success' });
    expect(run.variables.answer).toBe('created #42');
  });
  it('keeps the value a JSON path points at (text as it is, other values as JSON, nothing as empty)', () => {
    const body = JSON.stringify({ data: { items: [{ name: 'Pizza', price: 35.5, tags: ['hot'] }], none: null } });
    expect(answered(response(200, body), { jsonPath: 'data.items[0].name' }).variables.answer).toBe('Pizza');
    expect(answered(response(200, body), { jsonPath: '$.data.items.0.price' }).variables.answer).toBe('35.5');
    expect(answered(response(200, body), { jsonPath: 'data.items[0].tags' }).variables.answer).toBe('["hot"]');
    const missing = answered(response(200, body), { jsonPath: 'data.items[3].name' });
    expect(missing.variables.answer).toBe('');
    expect(missing.next).toEqual({ type: 'follow', port: 'success' });
    expect(answered(response(200, body), { jsonPath: 'data.none' }).variables.answer).toBe('');
  });
  it.each([
    ['a 500', response(500, 'boom')],
    ['a 404', response(404, '{"error":"not found"}')],
    ['a 304', response(304, '')],
    ['a timeout', { ok: false as const, error: 'timeout: no complete answer within 5000 ms' }],
    ['a refused connection', { ok: false as const, error: 'network: ECONNREFUSED' }],
    ['a result of the wrong shape', { ok: true as const, value: 'OK' }],
  ])('follows error on %s, and empties the variable', (_, result) => {
    const run = answered(result);
    expect(run.next).toEqual({ type: 'follow', port: 'error' });
    expect(run.variables).toEqual({ answer: '' });
  });
  it('follows error when a JSON path is asked of a 2xx body that is not JSON', () => {
    expect(answered(response(200, '<html>'), { jsonPath: 'data' }).next).toEqual({ type: 'follow', port: 'error' });
  });
  it('sets no variable when none is named', () => {
    expect(answered(response(200, 'x'), { saveAs: '' }).set).toEqual({});
    expect(answered(response(500, 'x'), { saveAs: '' }).set).toEqual({});
  });
});

describe('http-request block: what a flow cannot be saved with', () => {
  const fields = (overrides: Record<string, unknown>) => blockDataErrors(httpRequest, config(overrides)).map((e) => e.field);
  it('accepts the example configuration and a new block with only a URL', () => {
    expect(blockDataErrors(httpRequest, config())).toEqual([]);
    expect(blockDataErrors(httpRequest, { url: 'http://{{host}}:8080/{{path}}' })).toEqual([]);
  });
  it.each([
    ['an ftp URL', { url: 'ftp://files.example.test/a' }, 'url'],
    ['a URL whose scheme is a variable', { url: '{{base}}/orders' }, 'url'],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'url'],
    ['no URL', { url: '' }, 'url'],
    ['the new block’s "https://" left as is', { url: 'https://' }, 'url'],
    ['method HEAD', { method: 'HEAD' }, 'method'],
    ['a timeout of 0', { timeoutSeconds: 0 }, 'timeoutSeconds'],
    ['a timeout of 31', { timeoutSeconds: 31 }, 'timeoutSeconds'],
    ['a timeout of 2.5', { timeoutSeconds: 2.5 }, 'timeoutSeconds'],
    ['a header name with a space', { headers: [{ name: 'X Bad', value: '1' }] }, 'headers[0].name'],
    ['a header value with a line break', { headers: [{ name: 'X-A', value: '1\r\nX-B: 2' }] }, 'headers[0].value'],
    ['a variable name with a space', { saveAs: 'my answer' }, 'saveAs'],
    ['a JSON path that is not one', { jsonPath: 'data..items' }, 'jsonPath'],
  ])('refuses %s', (_, overrides, field) => {
    expect(fields(overrides)).toEqual([field]);
  });
  it('refuses more than 20 headers', () => {
    expect(fields({ headers: Array.from({ length: 21 }, (_, i) => ({ name: `X-${i}`, value: '' })) })).toEqual(['headers']);
  });
});

describe('JSON paths', () => {
  it('reads dotted, bracketed and $-rooted paths, and refuses others', () => {
    expect(jsonPathSteps('$.a.b[0].c')).toEqual(['a', 'b', '0', 'c']);
    expect(jsonPathSteps('a[2]')).toEqual(['a', '2']);
    expect(jsonPathSteps('$')).toEqual([]);
    for (const bad of ['', 'a.', 'a[x]', '.a', 'a b', '$a']) expect(jsonPathSteps(bad)).toBeNull();
  });
  it('follows own properties only', () => {
    expect(valueAt({ a: [{ b: 1 }] }, ['a', '0', 'b'])).toBe(1);
    expect(valueAt({}, ['constructor'])).toBeUndefined();
    expect(valueAt({ a: 'text' }, ['a', 'length'])).toBeUndefined();
  });
});
