import express, { Router, type Request, type Response } from 'express';
import type { PaymentProvider } from '../port.js';
import { simulatorPage, simulatorScript } from './simulatorPage.js';
import { SimulatorError, isSimulator, type PayOrder, type SimulatedCharge } from './simulatorProvider.js';

function view(charge: SimulatedCharge) {
  return {
    txid: charge.txid,
    invoiceId: charge.invoiceId,
    companyId: charge.companyId,
    value: charge.value,
    description: charge.description,
    status: charge.status,
    createdAt: charge.createdAt,
    expiresAt: charge.expiresAt,
    brCode: charge.brCode,
    pix: charge.pix,
  };
}

function refuse(res: Response, status: number, reason: string): void {
  res.status(status).json({ error: status === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION', reason });
}

/**
 * The simulator's pages (mount at `/pix-simulator`): `GET /` the page, `GET /charges` the charges as JSON, `POST
 * /charges/:txid/pay` pays one (body `{ times?, amount?, order? }`) and answers `{ delivered: [{ status }] }`, and
 * `GET /v2/:locationId` the charge a BR Code's location names. For any other provider (Efí, in production) it
 * serves nothing: every path falls through to the app's 404.
 */
export function simulatorRouter(provider: PaymentProvider): Router {
  const router = Router();
  if (!isSimulator(provider)) return router;

  router.get('/', (req: Request, res: Response) => {
    res.type('html').send(simulatorPage(req.baseUrl));
  });
  router.get('/page.js', (_req, res) => {
    res.type('application/javascript').send(simulatorScript);
  });
  router.get('/charges', (_req, res) => {
    res.json(provider.charges().map(view));
  });
  router.get('/v2/:locationId', (req: Request<{ locationId: string }>, res) => {
    const charge = provider.chargeAtLocation(req.params.locationId);
    if (!charge) return refuse(res, 404, 'No charge at this location');
    res.json({
      txid: charge.txid,
      revisao: 0,
      calendario: { criacao: charge.createdAt, apresentacao: new Date().toISOString(), expiracao: Math.round((Date.parse(charge.expiresAt) - Date.parse(charge.createdAt)) / 1000) },
      status: charge.status,
      valor: { original: charge.value },
      solicitacaoPagador: charge.description,
    });
  });
  router.post('/charges/:txid/pay', express.json({ limit: '16kb' }), async (req: Request<{ txid: string }>, res) => {
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(res, 400, 'The body is an object: { times?, amount?, order? }');
    const { times, amount, order } = body as { times?: unknown; amount?: unknown; order?: unknown };
    if (times !== undefined && typeof times !== 'number') return refuse(res, 400, 'times is a whole number from 1 to 10');
    if (amount !== undefined && typeof amount !== 'string') return refuse(res, 400, 'amount is like "30.00"');
    if (order !== undefined && order !== 'in-order' && order !== 'shuffled') return refuse(res, 400, "order is 'in-order' or 'shuffled'");
    try {
      const result = await provider.pay(req.params.txid, {
        ...(times !== undefined ? { times } : {}),
        ...(amount !== undefined ? { amount } : {}),
        ...(order !== undefined ? { order: order as PayOrder } : {}),
      });
      res.json(result);
    } catch (error) {
      if (error instanceof SimulatorError) return refuse(res, error.status, error.message);
      throw error;
    }
  });
  return router;
}
