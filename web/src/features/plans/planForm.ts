import { planFlagValues, STORAGE_MB_DEFAULT, type Plan, type PlanFlagValues } from '@atendo/contracts';
import { i18n } from '../../i18n';
import { consolePlanFlags } from '../../app/planFlags';

/** The plan form as typed: limits and value as the inputs hold them, the console's plan flags as switches. */
export type PlanFormValues = { name: string; users: string; connections: string; queues: string; value: string; storageMb: string } & PlanFlagValues;

export function formValues(plan: Plan | undefined): PlanFormValues {
  return {
    name: plan?.name ?? '',
    users: plan ? String(plan.users) : '',
    connections: plan ? String(plan.connections) : '',
    queues: plan ? String(plan.queues) : '',
    value: plan ? plan.value.toFixed(2) : '',
    storageMb: String(plan?.storageMb ?? STORAGE_MB_DEFAULT),
    // A new plan starts with each flag's declared default (spec §3: every feature of the spec on).
    ...planFlagValues(consolePlanFlags(), plan ?? {}),
  };
}

/** An empty input is a missing number (the schema says it is required), a decimal comma a point. */
const numberOf = (input: string) => (input.trim() === '' ? undefined : Number(input.trim().replace(',', '.')));

export function planBody(values: PlanFormValues) {
  return {
    ...values,
    users: numberOf(values.users),
    connections: numberOf(values.connections),
    queues: numberOf(values.queues),
    value: numberOf(values.value),
    storageMb: numberOf(values.storageMb),
  };
}

/** Spec §9: money in BRL with 2 decimals. */
export function formatMoney(value: number, language = i18n.language): string {
  return new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : language, { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}
