import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyOfKey, isMediaKey, mediaKey } from './blobStore.js';
import { contentDisposition, parseRange } from './mediaRoutes.js';
import { IMAGE_MIMES, largestAllowed, MESSAGE_MEDIA_MIMES, recognise } from './mediaTypes.js';
import { safeFileName } from './uploads.js';

describe('media keys', () => {
  it('name the company, the month and a random part', () => {
    const key = mediaKey(42, 'ogg', new Date('2026-01-31T23:00:00Z'));
    expect(key).toMatch(/^company-42\/2026\/01\/[A-Za-z0-9_-]{22}\.ogg$/);
    expect(companyOfKey(key)).toBe(42);
    expect(mediaKey(42, 'ogg')).not.toBe(mediaKey(42, 'ogg'));
  });
  it('are told apart from anything else', () => {
    for (const bad of ['company-42/2026/01/../x.ogg', 'company-42/2026/01/short.ogg', 'company-4x/2026/01/aaaaaaaaaaaaaaaaaaaaaa.ogg', '', '*key', 'company-42/2026/01/aaaaaaaaaaaaaaaaaaaaaa.OGG']) {
      expect(isMediaKey(bad), bad).toBe(false);
      expect(companyOfKey(bad), bad).toBeUndefined();
    }
    expect(() => mediaKey(0, 'png')).toThrow();
    expect(() => mediaKey(1, '../x')).toThrow();
  });
});

describe('recognising a file by its content', () => {
  let dir: string;
  const file = async (name: string, bytes: Buffer | string) => {
    const p = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
    await writeFile(p, bytes);
    return p;
  };
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), Buffer.from('0000000d49484452000000010000000108020000009077', 'hex'), deflateSync(Buffer.alloc(4))]);
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0x90)]);
  const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-sniff-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('takes a png whatever its name, and refuses an executable called .png', async () => {
    expect(await recognise(await file('photo.dat', png), 'photo.dat', IMAGE_MIMES)).toMatchObject({ ok: true, type: { mime: 'image/png', ext: 'png', kind: 'image' } });
    expect(await recognise(await file('x.png', elf), 'x.png', MESSAGE_MEDIA_MIMES)).toEqual({ ok: false, found: 'application/x-elf' });
    expect(await recognise(await file('x.png', pe), 'x.png', MESSAGE_MEDIA_MIMES)).toMatchObject({ ok: false });
  });
  it('refuses a known type the route does not list', async () => {
    const pdf = await file('doc.pdf', '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect(await recognise(pdf, 'doc.pdf', MESSAGE_MEDIA_MIMES)).toMatchObject({ ok: true, type: { mime: 'application/pdf', kind: 'application' } });
    expect(await recognise(pdf, 'doc.png', IMAGE_MIMES)).toEqual({ ok: false, found: 'application/pdf' });
  });
  it('takes text formats by extension only where listed, and only when nothing binary is in them', async () => {
    const csv = await file('list.csv', 'name;phone\nAna;5511999990000\nJosé;5511988880000\n');
    expect(await recognise(csv, 'list.csv', MESSAGE_MEDIA_MIMES)).toMatchObject({ ok: true, type: { mime: 'text/csv', ext: 'csv' } });
    expect(await recognise(csv, 'list.csv', IMAGE_MIMES)).toMatchObject({ ok: false });
    expect(await recognise(csv, 'list.exe', MESSAGE_MEDIA_MIMES)).toEqual({ ok: false, found: 'an unrecognised format' });
    const vcard = await file('ana.vcf', 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nTEL:+5511999990000\r\nEND:VCARD\r\n');
    expect(await recognise(vcard, 'Ana.VCF', MESSAGE_MEDIA_MIMES)).toMatchObject({ ok: true, type: { mime: 'text/vcard' } });
    const binary = await file('data.txt', Buffer.concat([Buffer.from('looks like text'), Buffer.from([0, 1, 2, 3]), Buffer.from('then not')]));
    expect(await recognise(binary, 'data.txt', MESSAGE_MEDIA_MIMES)).toEqual({ ok: false, found: 'binary content' });
  });
  it("limits each kind to the spec's size, and a list to its largest kind", () => {
    expect(largestAllowed(IMAGE_MIMES)).toBe(2 * 1024 * 1024);
    expect(largestAllowed(['image/png', 'audio/ogg'])).toBe(5 * 1024 * 1024);
    expect(largestAllowed(['video/mp4'])).toBe(20 * 1024 * 1024);
    expect(largestAllowed(MESSAGE_MEDIA_MIMES)).toBe(64 * 1024 * 1024);
  });
});

describe('serving helpers', () => {
  it('reads one byte range, clamped to the file', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-1000', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
  });
  it('shows media inline, offers everything else as a download, with a name safe in a header', () => {
    expect(contentDisposition('image/png', 'foto.png')).toBe(`inline; filename="foto.png"; filename*=UTF-8''foto.png`);
    expect(contentDisposition('application/pdf', 'Relatório "final".pdf')).toBe(`attachment; filename="Relat_rio _final_.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22.pdf`);
    expect(contentDisposition('text/csv', 'a\r\nb.csv')).not.toMatch(/[\r\n]/);
  });
  it('keeps only the last part of a name, without control characters, spaces made underscores (spec)', () => {
    expect(safeFileName('C:\\Users\\ana\\Minha foto.png', 'x')).toBe('Minha_foto.png');
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('a\u0000b\r\n.pdf', 'x')).toBe('ab.pdf');
    expect(safeFileName('..', 'file.png')).toBe('file.png');
    expect(safeFileName(undefined, 'file.png')).toBe('file.png');
  });
});
