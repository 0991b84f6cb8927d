import { describe, expect, it } from 'vitest';
import type { CompanyFields } from '@atendo/contracts';
import type { RecordState } from '../records/record.js';
import { settingChange } from './setting.js';

const company = (settings: Record<string, string>): RecordState<CompanyFields> => ({
  status: 'live',
  id: 7,
  fields: { name: 'Acme', email: 'a@acme.test', phone: '', planId: 1, status: true, dueDate: null, recurrence: 'MENSAL', settings },
});

describe('settingChange', () => {
  it('writes the whole map: the key changed and every other key the company holds', () => {
    expect(settingChange('userRating', 'enabled')(company({ call: 'disabled', userRating: 'disabled' }))).toEqual({
      type: 'update',
      changes: { settings: { call: 'disabled', userRating: 'enabled' } },
    });
  });

  it('starts from an empty map when the company is not live (the decider then refuses the update)', () => {
    expect(settingChange('call', 'enabled')({ status: 'absent' })).toEqual({ type: 'update', changes: { settings: { call: 'enabled' } } });
  });
});
