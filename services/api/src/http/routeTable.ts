import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { AnyObject, AnySchema, ObjectSchema } from 'yup';
import { holds, type PermissionKey, type PermissionRegistry, type PlanFlag } from '@atendo/contracts';
import { AppError } from '@atendo/platform';
import type { UserQueries } from '@atendo/read';
import type { CompanyGate } from '../auth/companyGate.js';
import { auth, requireAuth, type AuthContext } from '../auth/middleware.js';
import { discardUploads, receiveUploads, type UploadOptions } from '../media/uploads.js';
import { validate } from './validate.js';

/**
 * Who may call a route: 'public' (no token), or a permission of the registry (contracts/src/permissions.ts, spec §6)
 * that the console reads too. One field, read by one check (`permits`).
 */
export type Permission = 'public' | PermissionKey;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler gets: the input already validated against the route's schemas. */
export interface RouteInput<P = AnyObject, Q = AnyObject, B = unknown> {
  req: Request;
  res: Response;
  params: P;
  query: Q;
  body: B;
  /** The caller (on a public route, reading it answers 401 ERR_SESSION_EXPIRED). */
  readonly auth: AuthContext;
}

/** One entry of the route table: everything express, the permission check and /openapi.json need. */
export interface RouteSpec {
  method: HttpMethod;
  /** Express syntax: `/tickets/:id`. */
  path: string;
  /** One line for the API document. */
  summary: string;
  /** The feature it belongs to: the document's tag. */
  feature: string;
  permission: Permission;
  /** A plan flag (contracts/src/<feature>/planFlags.ts): companies whose plan does not allow it get 403. */
  planFlag?: PlanFlag;
  params?: ObjectSchema<AnyObject>;
  query?: ObjectSchema<AnyObject>;
  body?: AnySchema;
  /** The success answer's shape, for the document (no schema: an object the route's summary describes). */
  answer?: AnySchema;
  /** Requests worth showing in /openapi.json (JSON unless `kind` says multipart). */
  examples?: Record<string, { summary: string; value: unknown; kind?: 'json' | 'multipart' }>;
  /** The success status, for the document (default 200). */
  status?: number;
  /**
   * Whether the caller may touch what the path names, checked once the path is valid and before the body is: a user
   * of another company gets its 404 (or 403) whatever the body, and learns nothing from a validation answer.
   */
  authorize?(input: { params: AnyObject; auth: AuthContext; req: Request }): Promise<void> | void;
  /**
   * File uploads (multipart/form-data, decision 0019): the files of `field`, streamed to temporary files and recognised
   * by content, reach the handler as `req.uploads` once the path and the caller are checked, and are removed after it
   * (a handler keeps one by putting it in the blob store). A bigger file is a 413 ERR_VALIDATION, another type a 400.
   */
  upload?: UploadOptions;
  /** The catalogue codes it may answer with, besides validation and permission errors. */
  errors?: readonly string[];
  /**
   * Served to a company past its due date too (spec: it keeps reaching its invoices and checkout to pay); every other
   * signed-in route answers such a company 402 ERR_SUBSCRIPTION_EXPIRED.
   */
  openWhenExpired?: boolean;
  /**
   * The handler reads the body exactly as it came (`req.rawBody`, a Buffer), as a signature over it needs; the body is
   * parsed too when it is JSON. Not for uploads.
   */
  rawBody?: boolean;
  // Input is validated before the call; a route's own handler knows the shapes its schemas give.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler(input: RouteInput<any, any, any>): Promise<void> | void;
}

/** A route entry with its handler's input typed from its schemas. */
export function route<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B = unknown>(
  spec: Omit<RouteSpec, 'handler' | 'authorize'> & {
    authorize?(input: { params: P; auth: AuthContext; req: Request }): Promise<void> | void;
    handler(input: RouteInput<P, Q, B>): Promise<void> | void;
  },
): RouteSpec {
  return spec as RouteSpec;
}

export const routeKey = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method.toUpperCase()} ${r.path}`;

/** Refuses a table with two entries for one method and path: the second could never be reached. */
export function checkRouteTable(routes: readonly RouteSpec[]): void {
  const seen = new Map<string, string>();
  for (const r of routes) {
    const key = routeKey(r);
    const other = seen.get(key);
    if (other !== undefined) throw new Error(`Route ${key} of ${r.feature} is already ${other}'s`);
    seen.set(key, r.feature);
  }
}

export function permits(permission: Permission, who: AuthContext | undefined, registry: PermissionRegistry): boolean {
  return permission === 'public' || holds(who?.viewer, permission, registry);
}

export interface MountOptions {
  secret: string;
  /** Where uploads wait while they are checked (default: a folder in the system's temp folder). */
  uploadDir?: string;
  users: UserQueries;
  /** Whether the caller's company may work now (switched on, not past its due date), checked on every signed-in request. */
  companies: CompanyGate;
  /** The permissions composed from the product's features: who holds each key the routes name. */
  permissions: PermissionRegistry;
  /** Whether the company's plan allows a flag (checked for routes that name one). */
  planAllows(companyId: number, flag: PlanFlag): Promise<boolean>;
}

/** Mounts every entry of the table on `app`, in order, each behind its permission, plan and input checks. */
export function mountRouteTable(app: Express, routes: readonly RouteSpec[], options: MountOptions): void {
  checkRouteTable(routes);
  for (const spec of routes) {
    if (spec.permission !== 'public' && !options.permissions[spec.permission]) throw new Error(`Route ${routeKey(spec)} of ${spec.feature}: no feature declares the permission ${spec.permission}`);
  }
  const authenticate = requireAuth(options.secret, options.users, options.companies);
  const authenticateOpen = requireAuth(options.secret, options.users, options.companies, { openWhenExpired: true });
  for (const spec of routes) {
    const chain: RequestHandler[] = [];
    if (spec.permission !== 'public') chain.push(spec.openWhenExpired ? authenticateOpen : authenticate);
    // A body that is not JSON (the JSON parser kept its bytes already) is read whole here.
    if (spec.rawBody) {
      chain.push(express.raw({ type: () => true, limit: '1mb' }), (req, _res, next) => {
        req.rawBody ??= Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        next();
      });
    }
    chain.push(async (req, res) => {
      const who = req.auth;
      if (!permits(spec.permission, who, options.permissions)) {
        throw new AppError('ERR_NO_PERMISSION', 403, `Needs the permission ${spec.permission}: ${options.permissions[spec.permission as PermissionKey]?.description ?? 'not a permission of this product'}`);
      }
      if (spec.planFlag && !(await options.planAllows(auth(req).viewer.companyId, spec.planFlag))) {
        throw new AppError('ERR_NO_PERMISSION', 403, `The company's plan does not include this (${spec.planFlag})`);
      }
      const params = spec.params ? await validate(spec.params, req.params) : req.params;
      // A public route's own check (a connection's token) reads the request; reading `auth` there answers 401.
      if (spec.authorize) {
        await spec.authorize({
          params,
          req,
          get auth() {
            return auth(req);
          },
        });
      }
      const query = spec.query ? await validate(spec.query, req.query) : req.query;
      if (spec.upload) req.uploads = await receiveUploads(req, res, { ...spec.upload, tempDir: options.uploadDir });
      try {
        const body = spec.body ? await validate(spec.body, req.body, { body: true }) : req.body;
        await spec.handler({
          req,
          res,
          params,
          query,
          body,
          get auth() {
            return auth(req);
          },
        });
      } finally {
        if (req.uploads) await discardUploads(req.uploads);
      }
    });
    app[spec.method](spec.path, ...chain);
  }
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * The method and path of every route express serves on `app`, read from express's own router: what the route-table
 * test compares with the table, so a route mounted around the table shows up.
 */
export function servedRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  return stack.flatMap((layer) => {
    if (!layer.route) return [];
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m] && m !== '_all');
    return paths.flatMap((path) => methods.map((method) => routeKey({ method: method as HttpMethod, path })));
  });
}
