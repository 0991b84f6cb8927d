import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import { mediaKey } from '@atendo/api';
import { startHarness, type Harness } from '../testing/harness.js';
import { addCompany } from '../testing/accounts.js';

const RETRY_BOUND_MS = 4_000;

/**
 * Issue 32's critical defect: the gateway sent every company's replies in one line, and a reply whose file could not
 * be read was tried again forever, so one company's bad reference stopped every company's replies. Now each
 * connection has its own lane, a reference that can never be sent fails at once, and one that keeps failing fails
 * after the retry bound, with its reason on the message.
 */
describe('outbound lanes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { WHATSAPP_SEND_RETRY_BOUND_MS: String(RETRY_BOUND_MS), HEALTH_MAX_OUTBOX_SECONDS: '1' } });
  });
  afterAll(async () => h?.stop());

  const customerView = async (whatsappId: number, number: string) =>
    ((await (await fetch(`${h.simulator.url}/simulator/sessions/${whatsappId}/customers/${number}/messages`)).json()) as { messages: Array<{ sender: string; body: string }> }).messages;
  const received = async (whatsappId: number, number: string) => (await customerView(whatsappId, number)).filter((m) => m.sender !== 'customer').map((m) => m.body);
  const message = async (companyId: number, id: string) =>
    (await h.atendo.knex('messages').where({ company_id: companyId, id }).first('failed', 'failure_reason', 'provider_message_id')) as { failed: boolean; failure_reason: string | null; provider_message_id: string | null } | undefined;
  const health = async () => (await (await fetch(`${h.url}/health`)).json()) as { status: string; outbox: Array<{ whatsappId: number; pending: number }>; stuckOutboxes?: number[] };

  it("one company's unsendable replies neither stop another company's nor its own later ones", async () => {
    const a = { companyId: h.companyId, whatsappId: h.whatsappId, number: '5511900003201' };
    const other = await addCompany(h, 'Outra Empresa');
    const { token } = await h.login(other.email, other.password);
    const created = await h.api<{ id: number }>('/whatsapp', { token, body: { name: 'Outra', channel: 'simulator' } });
    await h.pair(created.body.id);
    const b = { companyId: other.companyId, whatsappId: created.body.id, number: '5511900003202' };
    const send = async (to: typeof a, body: string, mediaUrl?: string) => {
      const messageId = randomUUID();
      await h.atendo.conversations.sendExternal({
        companyId: to.companyId,
        whatsappId: to.whatsappId,
        number: to.number,
        messageId,
        body,
        queueId: null,
        ...(mediaUrl ? { media: { mediaType: 'image' as const, mediaUrl, voice: false } } : {}),
      });
      return messageId;
    };

    // A file of company A whose description cannot be read: every try fails until the bound.
    const unreadable = mediaKey(a.companyId, 'png');
    const file = path.join(h.atendo.config.blobDir, ...unreadable.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'not really a png');
    await mkdir(`${file}.json`, { recursive: true });

    const poisoned = [
      await send(a, 'not a stored file', '/x.png'),
      await send(a, "another company's file", `/public/${mediaKey(b.companyId, 'png')}`),
      await send(a, 'keeps failing', `/public/${unreadable}`),
    ];
    const aAfter = await send(a, 'A: sent after the bad ones');
    const bReply = await send(b, 'B: an ordinary reply');

    // B's reply is delivered while A's lane still tries its unreadable file.
    await eventually(async () => expect(await received(b.whatsappId, b.number)).toEqual(['B: an ordinary reply']), 10_000, 100);
    expect((await message(a.companyId, poisoned[2]!))?.failed).not.toBe(true);

    // Meanwhile /health names A's connection as stuck, and says degraded, not unhealthy.
    await eventually(async () => {
      const report = await health();
      expect(report.status).toBe('degraded');
      expect(report.stuckOutboxes).toEqual([a.whatsappId]);
      expect(report.outbox.find((o) => o.whatsappId === a.whatsappId)?.pending).toBeGreaterThanOrEqual(2);
    }, 10_000, 100);

    // Each of A's bad replies ends failed with its reason, and A's next reply goes once they have.
    const reasons = await eventually(async () => {
      const rows = await Promise.all(poisoned.map((id) => message(a.companyId, id)));
      expect(rows.every((row) => row?.failed)).toBe(true);
      return rows.map((row) => row!.failure_reason);
    }, RETRY_BOUND_MS + 15_000, 200);
    expect(reasons).toEqual(['The file reference is not a stored file', 'The file belongs to another company', `It could not be sent: it kept failing for ${RETRY_BOUND_MS / 1000} s`]);
    await eventually(async () => expect(await received(a.whatsappId, a.number)).toEqual(['A: sent after the bad ones']), 10_000, 100);
    await eventually(async () => {
      expect((await message(a.companyId, aAfter))?.provider_message_id).toBeTruthy();
      expect((await message(b.companyId, bReply))?.provider_message_id).toBeTruthy();
    });

    // Nothing is left waiting: /health is ok again.
    await eventually(async () => expect((await health()).status).toBe('ok'), 10_000, 100);
  }, 120_000);
});
