import * as yup from 'yup';

/**
 * Every check of the shared schemas carries a rule key (`validation.<rule>`) rather than yup's English text: the
 * console translates it, and the API answers it with a readable text in the caller's language (VALIDATION_TEXTS).
 * Imported by schemas.ts before any schema is built, since yup reads its locale when a check is declared.
 */
yup.setLocale({
  mixed: {
    default: 'validation.invalid',
    required: 'validation.required',
    defined: 'validation.required',
    notNull: 'validation.required',
    notType: 'validation.type',
    oneOf: 'validation.oneOf',
    notOneOf: 'validation.invalid',
  },
  string: {
    length: 'validation.length',
    min: 'validation.tooShort',
    max: 'validation.tooLong',
    matches: 'validation.invalid',
    email: 'validation.email',
    url: 'validation.url',
    uuid: 'validation.uuid',
    trim: 'validation.invalid',
    lowercase: 'validation.invalid',
    uppercase: 'validation.invalid',
  },
  number: {
    min: 'validation.min',
    max: 'validation.max',
    lessThan: 'validation.max',
    moreThan: 'validation.min',
    positive: 'validation.positive',
    negative: 'validation.invalid',
    integer: 'validation.integer',
  },
  date: { min: 'validation.min', max: 'validation.max' },
  boolean: { isValue: 'validation.invalid' },
  object: { noUnknown: 'validation.unknownField', exact: 'validation.unknownField' },
  array: { min: 'validation.tooFew', max: 'validation.tooMany', length: 'validation.length' },
});

export { yup };
