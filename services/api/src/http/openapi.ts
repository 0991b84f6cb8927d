import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnySchema } from 'yup';
import type { ErrorCode } from '@atendo/contracts';
import type { RouteSpec } from './routeTable.js';

type JsonSchema = Record<string, unknown>;

const toJsonSchema = (schema: AnySchema): JsonSchema => convertSchema(schema as Parameters<typeof convertSchema>[0]) as JsonSchema;

/** `/tickets/:id` → `/tickets/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const pathParameters = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function parameters(spec: RouteSpec): JsonSchema[] {
  const inPath = spec.params ? toJsonSchema(spec.params) : undefined;
  const pathProps = (inPath?.properties ?? {}) as Record<string, JsonSchema>;
  const list: JsonSchema[] = pathParameters(spec.path).map((name) => ({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } }));
  if (spec.query) {
    const query = toJsonSchema(spec.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return list;
}

/** A route's files: one binary, or an array of them when it takes several; each within the largest size. */
function uploadSchema(upload: NonNullable<RouteSpec['upload']>): JsonSchema {
  const file = { type: 'string', format: 'binary', maxLength: upload.maxBytes, description: `By content: ${upload.accept.join(', ')}` };
  return (upload.maxFiles ?? 1) > 1 ? { type: 'array', items: file, maxItems: upload.maxFiles } : file;
}

/**
 * What a route takes: JSON by its body schema, files as multipart (with the body's fields beside them when it takes
 * both), each with the route's examples.
 */
function requestBody(spec: RouteSpec): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  const body = spec.body ? toJsonSchema(spec.body) : undefined;
  const examples = (kind: 'json' | 'multipart') => {
    const chosen = Object.entries(spec.examples ?? {}).filter(([, e]) => (e.kind ?? 'json') === kind);
    return chosen.length ? { examples: Object.fromEntries(chosen.map(([name, e]) => [name, { summary: e.summary, value: e.value }])) } : {};
  };
  if (body) content['application/json'] = { schema: body, ...examples('json') };
  if (spec.upload) {
    const fields = (body?.properties ?? {}) as Record<string, JsonSchema>;
    content['multipart/form-data'] = {
      schema: { type: 'object', required: [spec.upload.field], properties: { ...fields, [spec.upload.field]: uploadSchema(spec.upload) } },
      ...examples('multipart'),
    };
  }
  return { required: true, content };
}

/**
 * The API's OpenAPI 3.1 document, derived from the route table: what is served is what is documented. `errorCodes`:
 * the catalogue composed from the product's features.
 */
export function openApiDocument(routes: readonly RouteSpec[], info: { title: string; version: string }, errorCodes: readonly ErrorCode[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of routes) {
    const errorAnswer = { description: 'An error from the catalogue', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
    const operation: JsonSchema = {
      operationId: `${spec.method}${openApiPath(spec.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: spec.summary,
      tags: [spec.feature],
      'x-permission': spec.permission,
      ...(spec.planFlag ? { 'x-plan-flag': spec.planFlag } : {}),
      ...(spec.permission === 'public' ? { security: [] } : {}),
      parameters: parameters(spec),
      ...(spec.body || spec.upload ? { requestBody: requestBody(spec) } : {}),
      responses: {
        [String(spec.status ?? 200)]: {
          description: spec.summary,
          ...(spec.status === 204 ? {} : { content: { 'application/json': { schema: spec.answer ? toJsonSchema(spec.answer) : { type: 'object' } } } }),
        },
        ...(spec.body || spec.params || spec.query ? { 400: errorAnswer } : {}),
        ...(spec.permission !== 'public' ? { 401: errorAnswer, 403: errorAnswer } : {}),
        default: errorAnswer,
      },
      ...(spec.errors?.length ? { 'x-error-codes': spec.errors } : {}),
    };
    (paths[openApiPath(spec.path)] ??= {})[spec.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorBody: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { type: 'string', enum: [...errorCodes] },
            message: { type: 'string', description: "What went wrong, in the caller's language (Accept-Language, else the user's, else English)" },
            reason: { type: 'string', description: "The server's own English wording, when it says more than the catalogue's text" },
            details: { description: 'For ERR_VALIDATION: [{ path, rule, message }], one per refused field' },
          },
        },
      },
    },
  };
}
