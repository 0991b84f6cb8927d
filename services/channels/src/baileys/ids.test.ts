import { getDevice } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { lidJid, pnJid, providerMessageIdFor, replyJid, toIdentity } from './ids.js';

describe('providerMessageIdFor', () => {
  it('gives the same id for the same key, so a repeated send is the same WhatsApp message', () => {
    expect(providerMessageIdFor('msg-42')).toBe(providerMessageIdFor('msg-42'));
  });

  it('gives different ids for different keys', () => {
    const ids = new Set(Array.from({ length: 1000 }, (_, i) => providerMessageIdFor(`msg-${i}`)));
    expect(ids.size).toBe(1000);
  });

  it('looks like the ids Baileys makes for its own sends (WhatsApp Web)', () => {
    const id = providerMessageIdFor('5f0c1a2b-0000-4000-8000-000000000001');
    expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(getDevice(id)).toBe('web');
  });
});

describe('jids', () => {
  it('addresses a phone number and a LID', () => {
    expect(pnJid('5511999990001')).toBe('5511999990001@s.whatsapp.net');
    expect(lidJid('201234567890123')).toBe('201234567890123@lid');
  });

  it('refuses what is not a number', () => {
    expect(() => pnJid('+55 11 99999-0001')).toThrow(/Not a phone number/);
    expect(() => pnJid('')).toThrow();
    expect(() => lidJid('abc')).toThrow(/Not a LID/);
  });

  it('replies to the phone number when known, else to the LID', () => {
    expect(replyJid({ pn: '5511999990001', lid: '201234567890123' })).toBe('5511999990001@s.whatsapp.net');
    expect(replyJid({ pn: null, lid: '201234567890123' })).toBe('201234567890123@lid');
    expect(() => replyJid({ pn: null, lid: null })).toThrow();
  });
});

describe('toIdentity', () => {
  it('reads a JID and its alternate in either order, without device or agent', () => {
    const both = { pn: '5511999990001', lid: '201234567890123' };
    expect(toIdentity('201234567890123@lid', '5511999990001@s.whatsapp.net')).toEqual(both);
    expect(toIdentity('5511999990001@s.whatsapp.net', '201234567890123@lid')).toEqual(both);
    expect(toIdentity('5511999990001:12@s.whatsapp.net', '201234567890123:12@lid')).toEqual(both);
  });

  it('knows a phone number alone and a LID alone', () => {
    expect(toIdentity('5511999990001@s.whatsapp.net')).toEqual({ pn: '5511999990001', lid: null });
    expect(toIdentity('5511999990001@c.us')).toEqual({ pn: '5511999990001', lid: null });
    expect(toIdentity('201234567890123@lid')).toEqual({ pn: null, lid: '201234567890123' });
    expect(toIdentity('201234567890123@lid', undefined)).toEqual({ pn: null, lid: '201234567890123' });
  });

  it('is null for what is not a person', () => {
    expect(toIdentity('120363041234567890@g.us')).toBeNull();
    expect(toIdentity('status@broadcast')).toBeNull();
    expect(toIdentity('120363000000000000@newsletter')).toBeNull();
    expect(toIdentity(undefined)).toBeNull();
    expect(toIdentity('')).toBeNull();
  });
});
