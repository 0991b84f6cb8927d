import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementPage } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND (CRCs are not checked by content sniffing, but kept honest anyway). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}

describe('announcements', () => {
  let h: Harness;
  let superToken: string;
  let adminToken: string;
  const upload = (id: number, bytes: Buffer, name: string, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), name);
    return fetch(`${h.url}/announcements/${id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${superToken}` }, body: form }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Announcement & { error?: string; details?: Array<{ rule: string }> },
    }));
  };

  beforeAll(async () => {
    h = await startHarness();
    superToken = (await h.login(h.atendo.seeded!.superAdmin.email, 'Super-pass-123')).token;
    adminToken = (await h.login()).token;
  });
  afterAll(async () => h?.stop());

  it('a super user publishes one; every company’s users see the active ones, live', async () => {
    const other = await addCompany(h, 'Outra empresa');
    const otherToken = (await h.login(other.email, other.password)).token;
    const feeds = [await h.socket(adminToken), await h.socket(otherToken)];
    try {
      const created = await h.api<Announcement>('/announcements', { token: superToken, body: { title: 'Manutenção', text: 'Domingo às 3h' } });
      expect(created).toMatchObject({ status: 201, body: { title: 'Manutenção', priority: 3, status: true, mediaPath: null } });
      const id = created.body.id;
      for (const [feed, companyId] of [[feeds[0]!, h.companyId], [feeds[1]!, other.companyId]] as const) {
        await eventually(() => expect(feed.entries(`company-${companyId}-announcement`)).toContainEqual({ action: 'create', record: expect.objectContaining({ id, title: 'Manutenção' }) }));
      }
      const urgent = (await h.api<Announcement>('/announcements', { token: superToken, body: { title: 'Urgente', text: 'Leia já', priority: 1 } })).body;
      expect((await h.api<AnnouncementPage>('/announcements', { token: adminToken })).body.records.map((a) => a.id)).toEqual([urgent.id, id]);

      await h.api(`/announcements/${id}`, { method: 'PUT', token: superToken, body: { status: false } });
      expect((await h.api<AnnouncementPage>('/announcements', { token: adminToken })).body.records.map((a) => a.id)).toEqual([urgent.id]);
      expect((await h.api(`/announcements/${id}`, { token: adminToken })).status).toBe(404);
      expect((await h.api<AnnouncementPage>('/announcements', { token: superToken })).body.records.map((a) => a.id)).toEqual([urgent.id, id]);

      expect((await h.api(`/announcements/${id}`, { method: 'DELETE', token: superToken })).status).toBe(200);
      await eventually(() => expect(feeds[1]!.entries(`company-${other.companyId}-announcement`)).toContainEqual({ action: 'delete', id }));
    } finally {
      for (const f of feeds) f.close();
    }
  });

  it('takes a png or jpg recognised by its content, serves it, and refuses anything else whatever its name', async () => {
    const { body: a } = await h.api<Announcement>('/announcements', { token: superToken, body: { title: 'Com imagem', text: 'Veja' } });
    const image = png();
    const uploaded = await upload(a.id, image, 'banner.png');
    expect(uploaded).toMatchObject({ status: 200, body: { mediaName: 'banner.png', mediaPath: `/announcements/${a.id}/media` } });
    const served = await fetch(`${h.url}/announcements/${a.id}/media`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

    // A script named .png, and an SVG (an image, but not one of ours): refused by content.
    const disguised = await upload(a.id, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(disguised).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ rule: 'imageType' }] } });
    const svg = await upload(a.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml');
    expect(svg.status).toBe(400);
    const huge = await upload(a.id, Buffer.concat([image, Buffer.alloc(3 * 1024 * 1024)]), 'big.png');
    expect(huge).toMatchObject({ status: 413, body: { error: 'ERR_VALIDATION', details: [{ rule: 'fileTooLarge' }] } });
    // A multipart body that breaks off, and one with two files: refused as input, never a 500.
    for (const body of ['--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated', '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="b"\r\n\r\n2\r\n--x--\r\n']) {
      const res = await fetch(`${h.url}/announcements/${a.id}/media-upload`, { method: 'POST', headers: { authorization: `Bearer ${superToken}`, 'content-type': 'multipart/form-data; boundary=x' }, body });
      expect(res.status).toBe(400);
    }
    // The good image is still the one shown.
    expect((await h.api<Announcement>(`/announcements/${a.id}`, { token: superToken })).body.mediaName).toBe('banner.png');

    expect((await h.api<Announcement>(`/announcements/${a.id}/media-upload`, { method: 'DELETE', token: superToken })).body.mediaPath).toBeNull();
    expect((await fetch(`${h.url}/announcements/${a.id}/media`, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(404);
  });

  it('only super users write, and title and text are required', async () => {
    expect(await h.api('/announcements', { token: adminToken, body: { title: 'x', text: 'y' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const bad = await h.api<{ details: Array<{ path: string }> }>('/announcements', { token: superToken, body: { title: ' ', priority: 7 } });
    expect([...new Set(bad.body.details.map((d) => d.path))].sort()).toEqual(['priority', 'text', 'title']);
  });
});
