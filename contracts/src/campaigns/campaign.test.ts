import { describe, expect, it } from 'vitest';
import { campaignChangesSchema, campaignProgressPercent, campaignSchema, campaignVariants, isCampaignEditable } from './campaign.js';
import { campaignSettingsSchema } from './campaignSettings.js';

const errorsOf = (schema: { validateSync(v: unknown, o: object): unknown }, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path}:${e.message}`);
  }
};

describe('campaign validation (spec §5)', () => {
  it('name 2 to 50 and a connection are required; the rest defaults to empty', () => {
    expect(errorsOf(campaignSchema, {})).toEqual(['name:validation.required', 'whatsappId:validation.required']);
    expect(errorsOf(campaignSchema, { name: 'A', whatsappId: 4 })).toEqual(['name:validation.tooShort']);
    expect(errorsOf(campaignSchema, { name: 'x'.repeat(51), whatsappId: 4 })).toEqual(['name:validation.tooLong']);
    expect(campaignSchema.validateSync({ name: 'Natal', whatsappId: 4 })).toEqual({
      name: 'Natal', whatsappId: 4, message1: '', message2: '', message3: '', message4: '', message5: '',
      contactListId: null, tagId: null, fileListId: null, scheduledAt: null,
    });
  });
  it('a schedule is an instant with its zone, kept in UTC; empty is none', () => {
    expect(campaignSchema.validateSync({ name: 'Natal', whatsappId: 4, scheduledAt: '2026-12-24T09:00:00-03:00' }).scheduledAt).toBe('2026-12-24T12:00:00.000Z');
    expect(campaignSchema.validateSync({ name: 'Natal', whatsappId: 4, scheduledAt: '' }).scheduledAt).toBeNull();
    expect(errorsOf(campaignSchema, { name: 'Natal', whatsappId: 4, scheduledAt: '2026-12-24T09:00' })).toEqual(['scheduledAt:validation.invalid']);
    expect(errorsOf(campaignSchema, { name: 'Natal', whatsappId: 4, scheduledAt: 'amanhã' })).toEqual(['scheduledAt:validation.invalid']);
    expect(campaignChangesSchema.validateSync({ scheduledAt: null })).toEqual({ scheduledAt: null });
  });
});

describe('campaign rules shared with the console', () => {
  const at = '2026-03-10T12:00:00.000Z';
  it('editable while INATIVA, PROGRAMADA more than an hour ahead, or CANCELADA', () => {
    expect(isCampaignEditable('INATIVA', null, at)).toBe(true);
    expect(isCampaignEditable('PROGRAMADA', '2026-03-10T13:00:00.001Z', at)).toBe(true);
    expect(isCampaignEditable('PROGRAMADA', '2026-03-10T13:00:00.000Z', at)).toBe(false);
    expect(isCampaignEditable('PROGRAMADA', '2026-03-10T12:30:00.000Z', at)).toBe(false);
    expect(isCampaignEditable('CANCELADA', '2026-03-09T12:00:00.000Z', at)).toBe(true);
    expect(isCampaignEditable('EM_ANDAMENTO', null, at)).toBe(false);
    expect(isCampaignEditable('FINALIZADA', null, at)).toBe(false);
  });
  it('progress is delivered / valid contacts, rounded down', () => {
    expect([campaignProgressPercent(0, 0), campaignProgressPercent(1, 3), campaignProgressPercent(499, 500), campaignProgressPercent(500, 500)]).toEqual([0, 33, 99, 100]);
  });
  it('variants are the non-blank messages, numbered by their tab', () => {
    expect(campaignVariants({ message1: '', message2: 'b', message3: ' ', message4: '', message5: 'e' })).toEqual([
      { variant: 2, message: 'b' },
      { variant: 5, message: 'e' },
    ]);
  });
});

describe('campaign settings validation', () => {
  it("takes the settings page's choices and defaults to 20, 20, 60", () => {
    expect(campaignSettingsSchema.validateSync({})).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
    expect(errorsOf(campaignSettingsSchema, { messageInterval: 7, longerIntervalAfter: 2, greaterInterval: 121 })).toEqual([
      'messageInterval:validation.oneOf',
      'longerIntervalAfter:validation.oneOf',
      'greaterInterval:validation.oneOf',
    ]);
  });
  it('refuses a variable key twice, a key that is not one word, and the contact’s own names', () => {
    expect(errorsOf(campaignSettingsSchema, { variables: [{ key: 'loja', value: 'a' }, { key: 'loja', value: 'b' }] })).toEqual(['variables:validation.invalid']);
    expect(errorsOf(campaignSettingsSchema, { variables: [{ key: 'duas palavras', value: 'a' }] })).toEqual(['variables[0].key:validation.invalid']);
    expect(errorsOf(campaignSettingsSchema, { variables: [{ key: 'nome', value: 'a' }] })).toEqual(['variables[0].key:validation.invalid']);
    expect(errorsOf(campaignSettingsSchema, { variables: [{ key: 'cupom_natal', value: 'BF10' }] })).toEqual([]);
  });
});
