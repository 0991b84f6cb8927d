import { describe, expect, it } from 'vitest';
import { companyBody, dueDateOf, formValues, toDateInput } from './companyForm';

describe('company form', () => {
  it('sends a blank or invalid due date as null (spec §5)', () => {
    expect(dueDateOf('')).toBeNull();
    expect(dueDateOf('   ')).toBeNull();
    expect(dueDateOf('not a date')).toBeNull();
    expect(dueDateOf('30/02/2026')).toBeNull();
    expect(dueDateOf('01/13/2026')).toBeNull();
    expect(dueDateOf('2026-03-10')).toBeNull();
  });

  it('sends a valid due date as the start of that day, and shows it back as the same day', () => {
    const iso = dueDateOf('10/03/2026')!;
    expect(new Date(iso).getTime()).toBe(new Date(2026, 2, 10).getTime());
    expect(toDateInput(iso)).toBe('10/03/2026');
    expect(dueDateOf(' 5/3/2026 ')).toBe(new Date(2026, 2, 5).toISOString());
  });

  it('sends the plan as a number and the password only when adding', () => {
    const values = { ...formValues(undefined, [{ id: 4 }]), name: 'Acme', email: 'a@acme.test', password: 'secret1' };
    expect(values.planId).toBe('4');
    expect(companyBody(values, true)).toMatchObject({ planId: 4, password: 'secret1', dueDate: null, status: true, recurrence: 'MENSAL' });
    expect(companyBody(values, false)).not.toHaveProperty('password');
    expect(companyBody({ ...values, password: '' }, true)).not.toHaveProperty('password');
  });
});
