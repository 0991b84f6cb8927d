import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { Config } from './config.js';
import { freePort } from './db/embeddedPostgres.js';
import type { Logger } from './logger.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/simulator/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The simulated WhatsApp server runs in a process of its own, like WhatsApp's servers: when the platform crashes,
 * the messages it had not acknowledged are still there. Outside production, one is started (or the one already
 * running on the port is reused) with its state in DATA_DIR/simulator.json.
 */
export async function ensureSimulator(config: Config, log: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.simulatorUrl) return { url: config.simulatorUrl, stop: async () => undefined };
  const port = config.simulatorPort || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  if (config.simulatorPort && (await answers(url))) {
    log.info({ url }, 'reusing the WhatsApp simulator already running');
    return { url, stop: async () => undefined };
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'services/channels/src/simulator/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, SIMULATOR_PORT: String(port), SIMULATOR_HOST: '127.0.0.1', SIMULATOR_DATA_FILE: path.join(config.dataDir, 'simulator.json') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100 && !(await answers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await answers(url))) {
    child.kill('SIGKILL');
    throw new Error(`The WhatsApp simulator did not start on ${url}`);
  }
  log.info({ url }, 'WhatsApp simulator started');
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Forwards /simulator/* to the simulator, so a person can play the customer through the platform's port. */
export function simulatorProxy(target: string) {
  const base = new URL(target);
  return (req: Request, res: Response) => {
    const upstream = http.request(
      { host: base.hostname, port: base.port, method: req.method, path: req.originalUrl, headers: { ...req.headers, host: base.host } },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined) res.setHeader(k, v);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.status(502).json({ error: 'ERR_WAPP_NOT_INITIALIZED', message: 'The WhatsApp simulator is not running' });
    });
    req.pipe(upstream);
  };
}
