import { Router, type Request } from 'express';
import type { Viewer, Whatsapp } from '@atendo/contracts';
import { AppError } from '@atendo/core';
import { auth, requireAuth } from '../auth/middleware.js';
import type { ApiContext } from '../http/context.js';
import { idParam } from '../http/validate.js';

/** What the gateway does for the connections page's session buttons. */
export interface SessionControl {
  /** Opens the session (or tries again after a disconnect). */
  start(companyId: number, whatsappId: number): Promise<void>;
  /** Logs out and opens again, for a new QR code. */
  renew(companyId: number, whatsappId: number): Promise<void>;
  /** Logs the session out. */
  logout(companyId: number, whatsappId: number): Promise<void>;
}

function requireAdmin(req: Request) {
  const a = auth(req);
  if (a.viewer.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403, 'Only admins manage connections');
  return a;
}

/** The QR code pairs a phone with the connection: only those who may manage connections see it. */
function forViewer(viewer: Viewer, whatsapp: Whatsapp): Whatsapp | Omit<Whatsapp, 'qrcode'> {
  if (viewer.profile === 'admin') return whatsapp;
  const { qrcode: _qrcode, ...rest } = whatsapp;
  return rest;
}

export function whatsappRoutes(ctx: ApiContext, sessions: SessionControl): Router {
  const router = Router();
  router.use(['/whatsapp', '/whatsappsession'], requireAuth(ctx.secret, ctx.users));

  router.get('/whatsapp', async (req, res) => {
    const { viewer } = auth(req);
    res.json((await ctx.connections.whatsapps(viewer.companyId)).map((w) => forViewer(viewer, w)));
  });

  router.get('/whatsapp/:id', async (req, res) => {
    const { viewer } = auth(req);
    const found = await ctx.connections.whatsapp(viewer.companyId, idParam(req.params.id));
    if (!found) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    res.json(forViewer(viewer, found));
  });

  const sessionAction = (action: keyof SessionControl) => async (req: Request, res: import('express').Response) => {
    const { viewer } = requireAdmin(req);
    const id = idParam(String(req.params.id));
    if (!(await ctx.connections.whatsapp(viewer.companyId, id))) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    await sessions[action](viewer.companyId, id);
    res.json({ message: 'Starting session.' });
  };
  router.post('/whatsappsession/:id', sessionAction('start'));
  router.put('/whatsappsession/:id', sessionAction('renew'));
  router.delete('/whatsappsession/:id', sessionAction('logout'));

  return router;
}
