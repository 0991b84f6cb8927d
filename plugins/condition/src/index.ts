import { defineBlock, fillIn, follow, yup } from '@atendo/flow-engine';
import { texts } from './texts.js';

export const CONDITION_OPERATORS = ['equals', 'contains', 'greater', 'less', 'regex'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface ConditionConfig {
  /** The variable to test. */
  key: string;
  condition: ConditionOperator;
  /** What to compare with; `{{variables}}` are filled in. */
  value: string;
}

/** A regular expression only looks at this much of a contact's text, so a costly pattern cannot stall the engine. */
const REGEX_INPUT_LIMIT = 1000;

/** "1.234,5" and "1234.5" are both numbers; anything else is not one. */
function numberOf(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  const normal = /,\d+$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  return normal !== '' && Number.isFinite(Number(normal)) ? Number(normal) : null;
}

/** Text comparisons ignore case and surrounding spaces; greater and less are false unless both sides are numbers. */
export function holds(operator: ConditionOperator, actual: string, expected: string): boolean {
  const a = actual.trim().toLowerCase();
  const b = expected.trim().toLowerCase();
  switch (operator) {
    case 'equals':
      return a === b;
    case 'contains':
      return a.includes(b);
    case 'greater':
    case 'less': {
      const x = numberOf(actual);
      const y = numberOf(expected);
      if (x === null || y === null) return false;
      return operator === 'greater' ? x > y : x < y;
    }
    case 'regex':
      return new RegExp(expected, 'i').test(actual.slice(0, REGEX_INPUT_LIMIT));
    default: {
      const unknown: never = operator;
      return unknown;
    }
  }
}

const isRegex = (value: string) => {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
};

/** Tests a variable and leaves by `true` or `false`. */
export default defineBlock<ConditionConfig>({
  type: 'condition',
  label: 'flows.blocks.condition',
  icon: 'fork',
  texts,
  input: true,
  outputs: [
    { name: 'true', label: 'flows.ports.true' },
    { name: 'false', label: 'flows.ports.false' },
  ],
  waits: false,
  defaults: { key: '', condition: 'equals', value: '' },
  fields: [
    { name: 'key', kind: 'variable', label: 'flows.fields.key' },
    { name: 'condition', kind: 'select', label: 'flows.fields.condition', choices: CONDITION_OPERATORS.map((value) => ({ value, label: `flows.conditions.${value}` })) },
    { name: 'value', kind: 'text', label: 'flows.fields.value' },
  ],
  schema: yup.object({
    key: yup.string().trim().required('validation.required').matches(/^[\w.-]+$/, { message: 'flows.validation.variableName', excludeEmptyString: true }),
    condition: yup.string().oneOf(CONDITION_OPERATORS).required('validation.required'),
    value: yup
      .string()
      .default('')
      .max(1000, 'validation.tooLong')
      .when('condition', ([condition], s) => (condition === 'regex' ? s.test('regex', 'flows.validation.regex', (v) => isRegex(v ?? '')) : s)),
  }),
  run({ config, variables }) {
    const expected = fillIn(config.value, variables);
    return { next: follow(holds(config.condition, variables[config.key] ?? '', expected) ? 'true' : 'false') };
  },
});
