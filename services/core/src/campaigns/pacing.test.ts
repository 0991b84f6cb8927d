import { describe, expect, it } from 'vitest';
import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignFields, type CampaignMessageField } from '@atendo/contracts';
import { chooseVariant, composeCampaignMessage, fillPlaceholders, gapAfterSeconds, messageDueAt, messageOffsetSeconds, type RandomSource } from './pacing.js';

/** A seeded source (mulberry32): the same seed, the same draws. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const always = (value: number): RandomSource => () => value;

const messages = (m: Partial<Record<CampaignMessageField, string>>): Pick<CampaignFields, CampaignMessageField> => ({
  message1: '', message2: '', message3: '', message4: '', message5: '', ...m,
});
const ana = { name: 'Ana', email: 'ana@example.com', number: '5511900000001' };

describe('the variant a contact gets', () => {
  it('is one of the non-blank messages, by the draw', () => {
    const five = messages({ message1: 'a', message2: 'b', message3: 'c', message4: 'd', message5: 'e' });
    expect(chooseVariant(five, always(0))).toEqual({ variant: 1, message: 'a' });
    expect(chooseVariant(five, always(0.2))).toEqual({ variant: 2, message: 'b' });
    expect(chooseVariant(five, always(0.99999))).toEqual({ variant: 5, message: 'e' });
    const two = messages({ message2: 'b', message4: 'd', message5: '   ' });
    expect(chooseVariant(two, always(0.49))).toEqual({ variant: 2, message: 'b' });
    expect(chooseVariant(two, always(0.5))).toEqual({ variant: 4, message: 'd' });
    expect(chooseVariant(messages({}), always(0.5))).toBeNull();
  });
  it('is the same for the same seed, and spread over the variants', () => {
    const three = messages({ message1: 'a', message3: 'c', message5: 'e' });
    const draw = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 600 }, () => chooseVariant(three, random)!.variant);
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    const counts = draw(42).reduce<Record<number, number>>((c, v) => ({ ...c, [v]: (c[v] ?? 0) + 1 }), {});
    expect(Object.keys(counts).sort()).toEqual(['1', '3', '5']);
    for (const count of Object.values(counts)) expect(count).toBeGreaterThan(150);
  });
});

describe('placeholders', () => {
  const variables = [
    { key: 'loja', value: 'Loja Centro' },
    { key: 'cupom', value: 'BF{nome}' },
    { key: 'nome', value: 'ignored' },
  ];
  it("fills the contact's and the settings' values", () => {
    expect(fillPlaceholders('Olá {nome} ({email}, {numero}), a {loja} espera você!', ana, variables)).toBe(
      'Olá Ana (ana@example.com, 5511900000001), a Loja Centro espera você!',
    );
    expect(fillPlaceholders('{nome}{nome}', ana, [])).toBe('AnaAna');
  });
  it("keeps the contact's own names over a variable, fills once, and leaves unknown ones as written", () => {
    expect(fillPlaceholders('{nome}', ana, variables)).toBe('Ana');
    expect(fillPlaceholders('Cupom {cupom}', ana, variables)).toBe('Cupom BF{nome}');
    expect(fillPlaceholders('{desconhecido} {Nome} { nome } {}', ana, variables)).toBe('{desconhecido} {Nome} { nome } {}');
    expect(fillPlaceholders('{nome}', { ...ana, name: '$& $1' }, [])).toBe('$& $1');
  });
  it('composes a message: one variant, substituted', () => {
    const fields = messages({ message1: 'Oi {nome}', message2: 'Olá {nome}, cupom {cupom}' });
    expect(composeCampaignMessage(fields, ana, variables, always(0.7))).toEqual({ variant: 2, body: 'Olá Ana, cupom BF{nome}' });
    expect(composeCampaignMessage(messages({}), ana, variables, always(0.7))).toBeNull();
  });
});

describe('the send plan', () => {
  const pacing = { messageInterval: 20, longerIntervalAfter: 10, greaterInterval: 60 };
  it('spaces messages by messageInterval, with greaterInterval more after every longerIntervalAfter', () => {
    const offsets = Array.from({ length: 22 }, (_, i) => messageOffsetSeconds(i + 1, pacing));
    expect(offsets).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 260, 280, 300, 320, 340, 360, 380, 400, 420, 440, 520, 540]);
    expect(messageDueAt('2026-03-10T12:00:00.000Z', 11, pacing)).toBe('2026-03-10T12:04:20.000Z');
    expect(messageDueAt('2026-03-10T12:00:00.000Z', 21, pacing)).toBe('2026-03-10T12:08:40.000Z');
  });
  it('with the defaults (20, 20, 60) the 21st message is at 460 s and the 500th at 11 420 s', () => {
    expect(messageOffsetSeconds(21, CAMPAIGN_SETTINGS_DEFAULTS)).toBe(460);
    expect(messageOffsetSeconds(500, CAMPAIGN_SETTINGS_DEFAULTS)).toBe(499 * 20 + 24 * 60);
  });
  it('has no longer pause when longerIntervalAfter or greaterInterval is 0, and no wait at all at 0, 0', () => {
    expect(messageOffsetSeconds(30, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 60 })).toBe(145);
    expect(messageOffsetSeconds(30, { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 0 })).toBe(145);
    expect(messageOffsetSeconds(100_000, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 })).toBe(0);
  });
  it('gives the same times one gap at a time (how a dispatcher that resumes counts)', () => {
    for (const settings of [pacing, CAMPAIGN_SETTINGS_DEFAULTS, { messageInterval: 15, longerIntervalAfter: 1, greaterInterval: 30 }]) {
      let offset = 0;
      for (let n = 1; n <= 120; n++) {
        expect(offset, `message ${n}`).toBe(messageOffsetSeconds(n, settings));
        offset += gapAfterSeconds(n, settings);
      }
    }
    expect(gapAfterSeconds(10, pacing)).toBe(80);
    expect(gapAfterSeconds(11, pacing)).toBe(20);
  });
  it('refuses a place that is not a whole number from 1', () => {
    expect(() => messageOffsetSeconds(0, pacing)).toThrow(RangeError);
    expect(() => messageOffsetSeconds(1.5, pacing)).toThrow(RangeError);
  });
});
