import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { CRASH_PASSWORD, crashRig, type CrashRig } from './testing/crashRig.js';

/** How long `atendo start` may take to exit after SIGTERM, whatever its clients do (a rolling deploy waits on it). */
const SHUTDOWN_BOUND_MS = 10_000;

/** A raw connection to the platform, and everything it has been sent until the platform closes it. */
function rawSocket(port: number): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

const upgrade = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

/** The platform as its own process (`atendo start`), stopped the way an orchestrator stops it. */
describe('shutdown', () => {
  let rig: CrashRig;
  beforeAll(async () => {
    rig = await crashRig();
  });
  afterAll(async () => rig?.close());

  it('an upgrade on any path but the feed is answered at once with an HTTP error and closed', async () => {
    const platform = await rig.startPlatform();
    for (const path of ['/socket.io/?EIO=4&transport=websocket', '/nowhere', '/socket/extra']) {
      const probe = await rawSocket(rig.port);
      probe.socket.write(upgrade(path));
      await probe.closed;
      expect(probe.received(), path).toMatch(/^HTTP\/1\.1 404 /);
      expect(probe.received(), path).toContain('ERR_NOT_FOUND');
    }
    platform.kill('SIGKILL');
    await new Promise((r) => platform.once('exit', r));
  });

  it('after SIGTERM the process exits within the bound, with a hostile upgrade, an idle keep-alive socket and a feed socket open', async () => {
    const platform = await rig.startPlatform();
    const exited = new Promise<number | null>((resolve) => platform.once('exit', (code) => resolve(code)));

    // A feed socket, signed in and ready.
    const login = await fetch(`http://127.0.0.1:${rig.port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.atendo.local', password: CRASH_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const feed = new WebSocket(`ws://127.0.0.1:${rig.port}/socket`);
    const feedMessages: ServerMessage[] = [];
    feed.on('message', (raw) => feedMessages.push(JSON.parse(String(raw)) as ServerMessage));
    feed.on('error', () => undefined);
    feed.on('open', () => feed.send(JSON.stringify({ type: 'auth', token })));
    await eventually(() => expect(feedMessages.some((m) => m.type === 'ready')).toBe(true));

    // An idle keep-alive connection that has had its answer.
    const idle = await rawSocket(rig.port);
    idle.socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await eventually(() => expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /));

    // Hostile: an upgrade on another path whose client then gives up (half-closes), and a request never finished.
    const hostile = await rawSocket(rig.port);
    hostile.socket.write(upgrade('/socket.io/?EIO=4&transport=websocket'));
    hostile.socket.end();
    const unfinished = await rawSocket(rig.port);
    unfinished.socket.write('POST /tags HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":');

    platform.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), SHUTDOWN_BOUND_MS + 2_000))]);
    expect(code).not.toBe('still running');
    expect(code).toBe(0);
    for (const s of [idle, hostile, unfinished]) s.socket.destroy();
    feed.terminate();
  }, 60_000);
});
