import type { Viewer, Whatsapp } from '@atendo/contracts';
import { idParamsSchema } from '@atendo/contracts';
import { AppError } from '@atendo/core';
import type { ApiContext } from '../http/context.js';
import { route, type RouteSpec } from '../http/routeTable.js';

/** What the gateway does for the connections page's session buttons. */
export interface SessionControl {
  /** Opens the session (or tries again after a disconnect). */
  start(companyId: number, whatsappId: number): Promise<void>;
  /** Logs out and opens again, for a new QR code. */
  renew(companyId: number, whatsappId: number): Promise<void>;
  /** Logs the session out. */
  logout(companyId: number, whatsappId: number): Promise<void>;
}

/** The QR code pairs a phone with the connection: only those who may manage connections see it. */
function forViewer(viewer: Viewer, whatsapp: Whatsapp): Whatsapp | Omit<Whatsapp, 'qrcode'> {
  if (viewer.profile === 'admin') return whatsapp;
  const { qrcode: _qrcode, ...rest } = whatsapp;
  return rest;
}

/** The connections (WhatsApp numbers): their paths keep the spec's `/whatsapp` names. */
export function connectionRoutes(ctx: ApiContext, sessions: SessionControl): RouteSpec[] {
  const feature = 'connections';
  const sessionAction = (method: 'post' | 'put' | 'delete', action: keyof SessionControl, summary: string) =>
    route<{ id: number }>({
      method,
      path: '/whatsappsession/:id',
      feature,
      summary,
      permission: 'connections-page:actionButtons',
      params: idParamsSchema(),
      errors: ['ERR_NO_WAPP_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        if (!(await ctx.connections.whatsapp(viewer.companyId, id))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
        await sessions[action](viewer.companyId, id);
        res.json({ message: 'Starting session.' });
      },
    });
  return [
    route({
      method: 'get',
      path: '/whatsapp',
      feature,
      summary: "The company's connections (their QR codes only for admins)",
      permission: 'signedIn',
      async handler({ res, auth: { viewer } }) {
        res.json((await ctx.connections.whatsapps(viewer.companyId)).map((w) => forViewer(viewer, w)));
      },
    }),
    route<{ id: number }>({
      method: 'get',
      path: '/whatsapp/:id',
      feature,
      summary: 'One connection',
      permission: 'signedIn',
      params: idParamsSchema(),
      errors: ['ERR_NO_WAPP_FOUND'],
      async handler({ res, params: { id }, auth: { viewer } }) {
        const found = await ctx.connections.whatsapp(viewer.companyId, id);
        if (!found) throw new AppError('ERR_NO_WAPP_FOUND', 404);
        res.json(forViewer(viewer, found));
      },
    }),
    sessionAction('post', 'start', 'Open the connection\'s session (or try again after a disconnect)'),
    sessionAction('put', 'renew', 'Log the session out and open it again, for a new QR code'),
    sessionAction('delete', 'logout', 'Disconnect the session'),
  ];
}
