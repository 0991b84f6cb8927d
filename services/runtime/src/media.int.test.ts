import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUrls, type StoredMedia } from '@atendo/api';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { filesUnder } from './testing/files.js';
import { startHarness, type Harness } from './testing/harness.js';

/** A real RGB PNG of `size`×`size` pixels (a gradient), as a phone would send one. */
function png(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: size }, (_, y) => Buffer.from([0, ...Array.from({ length: size }, (_, x) => [x * 4, y * 4, 128]).flat()])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** MPEG-1 layer III frames: what file-type recognises as an mp3 (a voice note sent as audio). */
const mp3 = (frames: number) => Buffer.concat(Array.from({ length: frames }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(413)])));
/** An executable's first bytes (ELF), the rest filler: a program dressed up as a picture. */
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4000)]);

describe('media: uploads and /public', () => {
  let h: Harness;
  let dataDir: string;
  let adminToken: string;
  let otherToken: string;
  const blobDir = () => h.atendo.config.blobDir;
  const uploadDir = () => path.join(dataDir, 'uploads');

  const upload = async (files: Array<{ bytes: Buffer; name: string; type?: string }>, token = adminToken) => {
    const form = new FormData();
    for (const f of files) form.append('medias', new Blob([f.bytes], { type: f.type ?? 'application/octet-stream' }), f.name);
    const res = await fetch(`${h.url}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as StoredMedia[] & { error?: string; details?: Array<{ rule: string; path: string }> } };
  };
  const nothingKept = async () => {
    expect(await filesUnder(blobDir())).toEqual([]);
    expect(await filesUnder(uploadDir())).toEqual([]);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atendo-media-'));
    h = await startHarness({ env: { DATA_DIR: dataDir, BLOB_DIR: path.join(dataDir, 'media') } });
    adminToken = (await h.login()).token;
    const other = await addCompany(h, 'Outra empresa');
    otherToken = (await h.login(other.email, other.password)).token;
  });
  afterAll(async () => {
    await h?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("stores a picture and serves the same bytes by its signed URL, and to the company's users by token", async () => {
    const image = png(48);
    const { status, body } = await upload([{ bytes: image, name: 'Foto do cliente.png', type: 'image/png' }]);
    expect(status).toBe(201);
    expect(body).toEqual([{ key: expect.stringMatching(new RegExp(`^company-${h.companyId}/\\d{4}/\\d{2}/[\\w-]+\\.png$`)), url: expect.any(String), mime: 'image/png', size: image.length, name: 'Foto_do_cliente.png', mediaType: 'image' }]);
    const [{ key, url }] = body as [StoredMedia];
    expect(url).toMatch(new RegExp(`^/public/${key}\\?exp=\\d+&sig=[\\w-]+$`));

    // As an <img src> asks for it: no Authorization header.
    const served = await fetch(`${h.url}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect(Object.fromEntries(served.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(image.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Foto_do_cliente.png"; filename*=UTF-8''Foto_do_cliente.png`,
      'cache-control': expect.stringContaining('private'),
      'accept-ranges': 'bytes',
    });
    // The same file asked for again by the browser that has it: not sent twice.
    expect((await fetch(`${h.url}${url}`, { headers: { 'if-none-match': served.headers.get('etag')! } })).status).toBe(304);

    const byToken = await fetch(`${h.url}/public/${key}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(byToken.status).toBe(200);
    expect(Buffer.from(await byToken.arrayBuffer()).equals(image)).toBe(true);
  });

  it("tells another company's user nothing, and refuses a missing, forged or expired signature", async () => {
    const [{ key, url }] = (await upload([{ bytes: png(8), name: 'a.png' }])).body as [StoredMedia];
    const get = async (target: string, token?: string) => {
      const res = await fetch(`${h.url}${target}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as { error?: string } | undefined };
    };
    expect(await get(`/public/${key}`, otherToken)).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    // The same answer as for a file that does not exist at all.
    expect(await get(`/public/${key.replace(/[\w-]+\.png$/, 'AAAAAAAAAAAAAAAAAAAAAA.png')}`, adminToken)).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect(await get(`/public/${key}`)).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await get(`/public/${key}`, 'not-a-token')).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    expect(await get(url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    const exp = Number(new URL(url, h.url).searchParams.get('exp'));
    expect(await get(url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    // A signature made for this key three hours ago, by this server: expired.
    const old = new MediaUrls(h.atendo.jwtSecret).sign(key, Date.now() - 3 * 3600_000);
    expect(await get(old)).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });
    // A signed URL is its own permission: the other company's user with the link gets the file, as anyone would.
    expect((await get(url, otherToken)).status).not.toBe(404);
  });

  it('serves byte ranges, as an audio player seeking asks for them', async () => {
    const audio = mp3(20);
    const [{ url, mime, mediaType }] = (await upload([{ bytes: audio, name: 'nota de voz.mp3', type: 'audio/mpeg' }])).body as [StoredMedia];
    expect([mime, mediaType]).toEqual(['audio/mpeg', 'audio']);
    const part = await fetch(`${h.url}${url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
    const tail = await fetch(`${h.url}${url}`, { headers: { range: 'bytes=-50' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(-50))).toBe(true);
    const outside = await fetch(`${h.url}${url}`, { headers: { range: `bytes=${audio.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${audio.length}`);
  });

  it('takes a csv as a document, offered as a download', async () => {
    const csv = Buffer.from('nome;telefone\nAna;5511999990000\n');
    const [{ url, mime, mediaType }] = (await upload([{ bytes: csv, name: 'contatos.csv', type: 'text/csv' }])).body as [StoredMedia];
    expect([mime, mediaType]).toEqual(['text/csv', 'application']);
    const served = await fetch(`${h.url}${url}`);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="contatos.csv"/);
    expect(await served.text()).toBe(csv.toString());
  });

  describe('refusals keep nothing', () => {
    beforeAll(async () => {
      await rm(blobDir(), { recursive: true, force: true });
    });

    it('refuses an executable called x.png', async () => {
      const res = await upload([{ bytes: elf, name: 'x.png', type: 'image/png' }]);
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'medias', rule: 'fileType' }] } });
      await nothingKept();
    });

    it('refuses a picture past the 2 MB of images with 413', async () => {
      const res = await upload([{ bytes: Buffer.concat([png(16), randomBytes(2 * 1024 * 1024)]), name: 'huge.png', type: 'image/png' }]);
      expect(res).toMatchObject({ status: 413, body: { error: 'ERR_VALIDATION', details: [{ rule: 'fileTooLarge' }] } });
      await nothingKept();
    });

    it('keeps neither file when one of two is refused, nor any of too many', async () => {
      expect((await upload([{ bytes: png(8), name: 'good.png' }, { bytes: elf, name: 'bad.png' }])).status).toBe(400);
      await nothingKept();
      const eleven = Array.from({ length: 11 }, (_, i) => ({ bytes: png(4), name: `${i}.png` }));
      expect(await upload(eleven)).toMatchObject({ status: 400, body: { details: [{ rule: 'tooMany' }] } });
      await nothingKept();
      expect(await upload([])).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    });

    it('removes what a client that went away mid-upload had sent', async () => {
      const { port } = new URL(h.url);
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/media',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'multipart/form-data; boundary=cut', 'content-length': String(30 * 1024 * 1024) },
      });
      req.on('error', () => undefined);
      req.write('--cut\r\nContent-Disposition: form-data; name="medias"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n');
      req.write(randomBytes(512 * 1024));
      // The upload is on its way to a temporary file …
      await eventually(async () => expect((await filesUnder(uploadDir())).length).toBe(1));
      // … when the client goes away.
      req.destroy();
      await eventually(async () => nothingKept());
    });
  });
});
