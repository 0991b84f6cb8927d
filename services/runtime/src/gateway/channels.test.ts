import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { whatsappAuthKey } from './channels.js';

describe('the WhatsApp credentials key kept in the data directory', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is made once when processes of one install start together: every one reads the same whole key', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-key-'));
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data') });
    const keys = await Promise.all(Array.from({ length: 16 }, () => whatsappAuthKey(config)));
    expect(keys[0]).toHaveLength(32);
    expect(new Set(keys.map((k) => k.toString('hex'))).size).toBe(1);
    // Nothing left behind but the key, readable by this user only.
    expect(await readdir(path.join(dir, 'data'))).toEqual(['whatsapp-auth.key']);
    expect((await stat(path.join(dir, 'data', 'whatsapp-auth.key'))).mode & 0o777).toBe(0o600);
    expect((await whatsappAuthKey(config)).equals(keys[0]!)).toBe(true);
  });
});
