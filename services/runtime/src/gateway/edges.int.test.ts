import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Message, Ticket } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { type Harness } from '../testing/harness.js';
import { harnessSuite } from '../testing/suite.js';

const run = promisify(execFile);

/**
 * What cannot be stored never reaches the log: the API refuses it with a 400, the WhatsApp edge cleans it out of
 * what a customer sent, and a message the platform keeps refusing is parked, listed and recorded again on request.
 */
describe('text at the edges, and parked customer messages', () => {
  let h: Harness;
  let token: string;
  harnessSuite({}, (platform) => {
    ({ h, token } = platform);
  });

  const ticketOf = async (number: string) =>
    eventually(async () => {
      const { body } = await h.api<{ tickets: Ticket[] }>(`/tickets?status=pending&showAll=true`, { token });
      const found = body.tickets.find((t) => t.contact.number === number);
      expect(found).toBeDefined();
      return found!;
    });

  it('keeps a customer message minus a NUL and a broken character', async () => {
    await h.customerSays('5511900000001', 'oi\u0000 tudo bem? \ud83d', 'Zé\u0000');
    const ticket = await ticketOf('5511900000001');
    expect(ticket.contact.name).toBe('Zé');
    const { body } = await h.api<{ messages: Message[] }>(`/messages/${ticket.id}`, { token });
    expect(body.messages.map((m) => m.body)).toEqual(['oi tudo bem? \ufffd']);
  });

  it('refuses such text from the API with a 400 naming the field, and writes nothing', async () => {
    const ticket = await ticketOf('5511900000001');
    await h.api(`/tickets/${ticket.id}`, { method: 'PUT', token, body: { status: 'open' } });
    const bad = await h.api<{ error: string; message: string }>(`/messages/${ticket.id}`, { token, body: { body: 'olá \u0000' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', message: expect.stringMatching(/^body: /) } });
    const broken = await h.api<{ error: string }>(`/tickets?searchParam=${encodeURIComponent('\u0000')}`, { token });
    expect(broken).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const { body } = await h.api<{ messages: Message[] }>(`/messages/${ticket.id}`, { token });
    expect(body.messages).toHaveLength(1);
  });

  it('lists a parked message and records it on `atendo inbound retry`', async () => {
    await h.atendo.gateway!.sink.park(
      { connectionId: h.whatsappId, providerMessageId: 'PARKED-1', from: '5511900000002', pushName: 'Bia', body: 'mensagem presa', mediaType: 'chat', timestamp: Date.now() },
      'database refused it',
    );
    const env = { ...process.env, DATABASE_URL: h.db.url, LOG_LEVEL: 'warn' };
    const cli = ['--import', 'tsx', 'services/runtime/src/cli.ts'];
    const cwd = new URL('../../../../', import.meta.url).pathname;
    expect(await (await fetch(`${h.url}/health`)).json()).toMatchObject({ parkedInbound: 1 });
    const listed = await run('node', [...cli, 'inbound'], { env, cwd });
    expect(listed.stdout).toMatch(/#1\tconnection \d+\tfrom 5511900000002\t.*database refused it/);
    const retried = await run('node', [...cli, 'inbound', 'retry'], { env, cwd });
    expect(retried.stdout).toMatch(/Recorded 1 parked message/);
    const ticket = await ticketOf('5511900000002');
    const { body } = await h.api<{ messages: Message[] }>(`/messages/${ticket.id}`, { token });
    expect(body.messages.map((m) => m.body)).toEqual(['mensagem presa']);
    expect((await run('node', [...cli, 'inbound'], { env, cwd })).stdout).toMatch(/No parked messages/);
 
    // Each CLI run is a process that starts TypeScript: seconds apiece on a slow or busy machine.
  }, 120_000);
});
