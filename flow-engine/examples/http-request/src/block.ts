import { defineBlock, effect, fillIn, follow, yup, type BlockInput, type BlockOutcome } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The pure half of the example: a block that asks the runtime for an HTTP request and, once the answer is back, keeps
 * what the designer asked for in a variable and leaves by `success` (a 2xx answer) or `error` (anything else). It
 * makes no request itself; `perform` (perform.ts) is what a runtime calls to carry the effect out.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The effect's name in `EffectRequested`: the runtime routes it to `perform`. */
export const HTTP_REQUEST_EFFECT = 'http-request';
export const TIMEOUT_MIN_SECONDS = 1;
export const TIMEOUT_MAX_SECONDS = 30;
export const MAX_HEADERS = 20;

export interface HttpHeader {
  name: string;
  value: string;
}

export interface HttpRequestConfig {
  method: HttpMethod;
  /** http:// or https:// written out; `{{variables}}` are filled in, percent-encoded. */
  url: string;
  /** `{{variables}}` in values are filled in (line breaks in them become spaces). */
  headers: HttpHeader[];
  /** Sent for every method but GET; `{{variables}}` are filled in (JSON-escaped when a header says the body is JSON). */
  body: string;
  /** The variable that receives the answer ('' keeps nothing). */
  saveAs: string;
  /** Where the value to keep is in a JSON answer (`data.items[0].name`); '' keeps the whole body text. */
  jsonPath: string;
  timeoutSeconds: number;
}

/** The effect's input: everything `perform` needs, variables already filled in. */
export interface HttpRequestInput {
  method: HttpMethod;
  url: string;
  headers: HttpHeader[];
  /** null for GET. */
  body: string | null;
  timeoutMs: number;
}

/** The effect's value when an answer came, whatever its status. No answer (timeout, refused…) is `{ ok: false, error }`. */
export interface HttpResponseValue {
  status: number;
  /** The body as text, at most RESPONSE_BODY_LIMIT bytes of it. */
  body: string;
  truncated: boolean;
}

const PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/g;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VARIABLE_NAME = /^[\w.-]+$/;

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The URL as the designer wrote it must already name its scheme (so no variable can turn it into another one), and
 * with each placeholder standing for a plain word it must be a well-formed http(s) URL.
 */
function isHttpUrlTemplate(value: string): boolean {
  return /^https?:\/\//i.test(value) && isHttpUrl(value.replace(PLACEHOLDER, 'x'));
}

/** `$.a.b[0]`, `a.b.0`, `a[2].c` → its steps; `$` alone is the whole document. null when it is not such a path. */
export function jsonPathSteps(path: string): string[] | null {
  const trimmed = path.trim();
  if (trimmed === '') return null;
  let rest = trimmed.startsWith('$') ? trimmed.slice(1) : `.${trimmed}`;
  const steps: string[] = [];
  const step = /^(?:\.([^.[\]\s]+)|\[(\d+)\])/;
  while (rest.length > 0) {
    const match = step.exec(rest);
    if (!match) return null;
    steps.push(match[1] ?? match[2]!);
    rest = rest.slice(match[0].length);
  }
  return steps;
}

/** The value at `steps` in a parsed JSON document; undefined when the path leads nowhere. Own properties only. */
export function valueAt(document: unknown, steps: string[]): unknown {
  let here: unknown = document;
  for (const step of steps) {
    if (Array.isArray(here) && /^\d+$/.test(step)) here = here[Number(step)];
    else if (here !== null && typeof here === 'object' && !Array.isArray(here) && Object.hasOwn(here, step)) here = (here as Record<string, unknown>)[step];
    else return undefined;
  }
  return here;
}

/** A value as a variable holds it: text as it is, nothing as '', anything else as JSON. */
const asVariable = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

const mapValues = (variables: Readonly<Record<string, string>>, f: (value: string) => string) =>
  Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, f(value)]));

const saysJson = (headers: HttpHeader[]) => headers.some((h) => h.name.toLowerCase() === 'content-type' && /json/i.test(h.value));

/** The request the block asks for, or null when the filled-in URL is not an http(s) URL any more. */
export function requestOf(config: HttpRequestConfig, variables: Readonly<Record<string, string>>): HttpRequestInput | null {
  const url = fillIn(config.url, mapValues(variables, encodeURIComponent));
  if (!isHttpUrl(url)) return null;
  const oneLine = mapValues(variables, (v) => v.replace(/[\r\n]+/g, ' '));
  const headers = config.headers.map((h) => ({ name: h.name, value: fillIn(h.value, oneLine) }));
  const inBody = saysJson(headers) ? mapValues(variables, (v) => JSON.stringify(v).slice(1, -1)) : variables;
  return {
    method: config.method,
    url,
    headers,
    body: config.method === 'GET' ? null : fillIn(config.body, inBody),
    timeoutMs: config.timeoutSeconds * 1000,
  };
}

function isResponseValue(value: unknown): value is HttpResponseValue {
  const v = value as HttpResponseValue | null;
  return !!v && typeof v === 'object' && Number.isInteger(v.status) && typeof v.body === 'string';
}

type EffectResult = Extract<BlockInput, { type: 'effect' }>['result'];

/** Where the answer leads, and what the variable gets: the value on `success`, '' on `error`. */
export function outcomeOf(config: HttpRequestConfig, result: EffectResult): BlockOutcome {
  const leave = (port: 'success' | 'error', value: string): BlockOutcome => ({
    ...(config.saveAs ? { set: { [config.saveAs]: value } } : {}),
    next: follow(port),
  });
  if (!result.ok || !isResponseValue(result.value)) return leave('error', '');
  const { status, body } = result.value;
  if (status < 200 || status > 299) return leave('error', '');
  if (!config.jsonPath) return leave('success', body);
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return leave('error', '');
  }
  return leave('success', asVariable(valueAt(document, jsonPathSteps(config.jsonPath) ?? [])));
}

const methodChoices = HTTP_METHODS.map((value) => ({ value, label: value }));

/** Calls an outside HTTP service and goes on by `success` or `error`. */
export default defineBlock<HttpRequestConfig>({
  type: 'http-request',
  label: 'httpRequest.block',
  description: 'httpRequest.description',
  icon: 'globe-network',
  texts,
  input: true,
  outputs: [
    { name: 'success', label: 'httpRequest.ports.success' },
    { name: 'error', label: 'httpRequest.ports.error' },
  ],
  // Waiting for the effect is a wait: a retry loop through this block does not spin.
  waits: true,
  defaults: { method: 'GET', url: 'https://', headers: [], body: '', saveAs: '', jsonPath: '', timeoutSeconds: 10 },
  fields: [
    { name: 'method', kind: 'select', label: 'httpRequest.fields.method', choices: methodChoices },
    { name: 'url', kind: 'text', label: 'httpRequest.fields.url' },
    {
      name: 'headers',
      kind: 'list',
      label: 'httpRequest.fields.headers',
      item: [
        { name: 'name', kind: 'text', label: 'httpRequest.fields.headerName' },
        { name: 'value', kind: 'text', label: 'httpRequest.fields.headerValue' },
      ],
    },
    { name: 'body', kind: 'textarea', label: 'httpRequest.fields.body', rows: 6 },
    { name: 'saveAs', kind: 'variable', label: 'httpRequest.fields.saveAs' },
    { name: 'jsonPath', kind: 'text', label: 'httpRequest.fields.jsonPath', help: 'httpRequest.help.jsonPath' },
    { name: 'timeoutSeconds', kind: 'number', label: 'httpRequest.fields.timeoutSeconds', min: TIMEOUT_MIN_SECONDS, max: TIMEOUT_MAX_SECONDS },
  ],
  schema: yup.object({
    method: yup.string().oneOf(HTTP_METHODS, 'httpRequest.validation.method').required('validation.required'),
    url: yup
      .string()
      .trim()
      .required('validation.required')
      .max(2048, 'validation.tooLong')
      .test('httpUrl', 'httpRequest.validation.url', (v) => !v || isHttpUrlTemplate(v)),
    headers: yup
      .array(
        yup.object({
          name: yup.string().trim().required('validation.required').matches(HEADER_NAME, 'httpRequest.validation.headerName'),
          value: yup
            .string()
            .default('')
            .max(2048, 'validation.tooLong')
            .test('oneLine', 'httpRequest.validation.headerValue', (v) => !/[\r\n]/.test(v ?? '')),
        }),
      )
      .max(MAX_HEADERS, 'httpRequest.validation.tooManyHeaders')
      .default([]),
    body: yup.string().default('').max(16_384, 'validation.tooLong'),
    saveAs: yup.string().trim().default('').matches(VARIABLE_NAME, { message: 'flows.validation.variableName', excludeEmptyString: true }),
    jsonPath: yup
      .string()
      .trim()
      .default('')
      .test('jsonPath', 'httpRequest.validation.jsonPath', (v) => !v || jsonPathSteps(v) !== null),
    timeoutSeconds: yup
      .number()
      .typeError('httpRequest.validation.timeout')
      .required('httpRequest.validation.timeout')
      .integer('httpRequest.validation.timeout')
      .min(TIMEOUT_MIN_SECONDS, 'httpRequest.validation.timeout')
      .max(TIMEOUT_MAX_SECONDS, 'httpRequest.validation.timeout'),
  }),
  run({ config, variables, input }) {
    if (input.type === 'effect' && input.name === HTTP_REQUEST_EFFECT) return outcomeOf(config, input.result);
    const request = requestOf(config, variables);
    // A variable that broke the URL: no request goes out, the path takes the error way.
    if (!request) return outcomeOf(config, { ok: false, error: 'the URL with its variables filled in is not an http(s) URL' });
    return { next: effect(HTTP_REQUEST_EFFECT, request) };
  },
});
