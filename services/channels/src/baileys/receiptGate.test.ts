import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import makeWASocket, { binaryNodeToString, initAuthCreds } from '@whiskeysockets/baileys';
import { eventually } from '@atendo/platform/testing';
import { confirmedBy, ReceiptGate } from './receiptGate.js';

/** A receipt node as Baileys' sendReceipt builds it: the first id on the node, the others as list items. */
function receipt(ids: string[], type?: string): string {
  const attrs: Record<string, string> = { id: ids[0]!, to: '5511999990001@s.whatsapp.net', ...(type ? { type } : {}) };
  const rest = ids.slice(1);
  return binaryNodeToString({ tag: 'receipt', attrs, content: rest.length ? [{ tag: 'list', attrs: {}, content: rest.map((id) => ({ tag: 'item', attrs: { id } })) }] : undefined });
}

/** A gate on a recording socket; `write` plays Baileys writing a node: the trace line, then the frame. */
function rig(options: { maxHoldMs?: number; now?: () => number } = {}) {
  const wire: string[] = [];
  const overdue: string[][] = [];
  const gate = new ReceiptGate({ ...options, onOverdue: (ids) => overdue.push(ids) });
  const raw = { send: (data: unknown, cb?: (error?: Error) => void) => (wire.push(String(data)), cb?.()) };
  gate.attach(raw);
  const logger = gate.logger();
  const write = (name: string, xml?: string) => {
    let answer: 'sent' | 'failed' | undefined;
    if (xml) logger.trace({ xml, msg: 'xml send' });
    raw.send(name, (error) => (answer = error ? 'failed' : 'sent'));
    return answer;
  };
  return { gate, wire, overdue, write, logger };
}

describe('receipt gate', () => {
  it('reads the ids a delivery receipt confirms, and nothing from other nodes', () => {
    expect(confirmedBy(receipt(['A1']))).toEqual(['A1']);
    expect(confirmedBy(receipt(['A1'], 'inactive'))).toEqual(['A1']);
    expect(confirmedBy(receipt(['A1', 'A2', 'A3'], 'inactive'))).toEqual(['A1', 'A2', 'A3']);
    // Our own sends seen from the phone, reads, history and retries confirm nothing a customer sent.
    for (const type of ['sender', 'read', 'read-self', 'hist_sync', 'retry', 'peer_msg']) expect(confirmedBy(receipt(['A1'], type))).toBeUndefined();
    expect(confirmedBy(binaryNodeToString({ tag: 'iq', attrs: { id: 'q1', type: 'get', xmlns: 'w:p' }, content: [{ tag: 'ping', attrs: {} }] }))).toBeUndefined();
    expect(confirmedBy(binaryNodeToString({ tag: 'ack', attrs: { id: 'A1', class: 'message' } }))).toBeUndefined();
  });

  it('passes frames straight through while nothing is held', () => {
    const { wire, write } = rig();
    expect(write('ping')).toBe('sent');
    expect(write('presence')).toBe('sent');
    expect(wire).toEqual(['ping', 'presence']);
  });

  it('holds a receipt and every frame after it until its messages are journaled, then sends them in order', () => {
    const { gate, wire, write } = rig();
    // Baileys is told at once that the receipt went out, so it goes on to emit the message.
    expect(write('receipt-1', receipt(['M1']))).toBe('sent');
    expect(write('ping')).toBe('sent');
    expect(write('receipt-2', receipt(['M2', 'M3']))).toBe('sent');
    expect(wire).toEqual([]);
    expect(gate.heldCount()).toBe(3);

    // M2 and M3 first: nothing goes, the receipt for M1 is still ahead of them.
    gate.journaled(['M2', 'M3']);
    expect(wire).toEqual([]);
    gate.journaled(['M1']);
    expect(wire).toEqual(['receipt-1', 'ping', 'receipt-2']);
    expect(write('after')).toBe('sent');
    expect(wire.at(-1)).toBe('after');
  });

  it('does not wait for messages journaled before their receipt was written', () => {
    const { gate, wire, write } = rig();
    gate.journaled(['M1']);
    write('receipt-1', receipt(['M1']));
    expect(wire).toEqual(['receipt-1']);
  });

  it('reads the trace line only for the frame that follows it', async () => {
    const { gate, wire, write, logger } = rig();
    // A node logged whose frame was never written (the socket was closing) must not hold the next frame.
    logger.trace({ xml: receipt(['M1']), msg: 'xml send' });
    await Promise.resolve();
    write('ping');
    expect(wire).toEqual(['ping']);
    expect(gate.heldCount()).toBe(0);
  });

  it('drops what it holds when the socket ends, so WhatsApp delivers those messages again', () => {
    const { gate, wire, write } = rig();
    write('receipt-1', receipt(['M1']));
    gate.close();
    gate.journaled(['M1']);
    expect(wire).toEqual([]);
    // Later writes fail as on a closed socket.
    expect(write('late')).toBe('failed');
    expect(wire).toEqual([]);
  });

  it('sends a frame held past the bound anyway, and says which messages it confirmed unjournaled', () => {
    let now = 0;
    const { gate, wire, overdue, write } = rig({ maxHoldMs: 1_000, now: () => now });
    write('receipt-1', receipt(['M1']));
    write('receipt-2', receipt(['M2']));
    now = 1_000;
    gate.journaled([]);
    expect(wire).toEqual(['receipt-1', 'receipt-2']);
    expect(overdue).toEqual([['M1'], ['M2']]);
  });

  it('gives Baileys a logger that stays quiet for everything but the frames it writes', () => {
    const { logger } = rig();
    expect(logger.level).toBe('trace');
    expect(logger.child({ class: 'noise' }).level).toBe('silent');
  });

  it("sits under the real Baileys socket: its receipt reaches the server only once the message is journaled", async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const received: Buffer[] = [];
    server.on('connection', (ws) => ws.on('message', (data: Buffer) => received.push(data)));
    const gate = new ReceiptGate();
    const keys = { get: async () => ({}), set: async () => undefined };
    const sock = makeWASocket({
      waWebSocketUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`,
      auth: { creds: initAuthCreds(), keys: keys as never },
      logger: gate.logger() as never,
      version: [2, 3000, 1043857760],
      markOnlineOnConnect: false,
    });
    try {
      gate.attach((sock.ws as unknown as { socket: never }).socket);
      // The noise handshake's first frame goes out as soon as the socket opens (it confirms nothing).
      await eventually(() => expect(received.length).toBe(1), 5_000, 10);
      // Baileys' own receipt path: awaited as sent, while the frame stays here.
      await sock.sendReceipt('5511999990001@s.whatsapp.net', undefined, ['3AM1'], 'inactive');
      await new Promise((r) => setTimeout(r, 100));
      expect(received.length).toBe(1);
      expect(gate.heldCount()).toBe(1);
      gate.journaled(['3AM1']);
      await eventually(() => expect(received.length).toBe(2), 5_000, 10);
    } finally {
      sock.end(undefined);
      gate.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
