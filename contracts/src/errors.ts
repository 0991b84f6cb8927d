import { composeKeys } from './compose.js';
import type { Language } from './texts.js';

/** What one code of the catalogue says, in each language of the product. */
export type ErrorTexts = Readonly<Record<Language, string>>;

/** A feature's codes with their texts (`contracts/src/<feature>/errors.ts`). */
export type ErrorDefinitions = Readonly<Record<string, ErrorTexts>>;

/**
 * The error catalogue's codes. Empty here: each feature's `errors.ts` adds its own by module augmentation
 * (`interface ErrorCatalogue extends CodesOf<typeof SCHEDULES_ERRORS> {}`), so no central list names them.
 */
export interface ErrorCatalogue {}

/** A code of the catalogue: every API error answers `{ error: code }` with one of these. */
export type ErrorCode = keyof ErrorCatalogue & string;

/** The codes of a feature's errors object, as members the catalogue can extend. */
export type CodesOf<T extends ErrorDefinitions> = { readonly [K in keyof T]: T[K] };

/** Declares a feature's codes with their texts in pt, en and es; the codes join `ErrorCode` by augmentation. */
export function defineErrors<const T extends Record<`ERR_${string}`, ErrorTexts>>(errors: T): T {
  return errors;
}

/** The catalogue of one composition (the server's feature list, the console's): its codes and their texts. */
export interface ComposedErrors {
  codes: readonly ErrorCode[];
  texts: Readonly<Record<Language, Readonly<Partial<Record<ErrorCode, string>>>>>;
}

/** Composes a catalogue from features' errors objects, refusing a code two of them declare. */
export function composeErrors(groups: readonly ErrorDefinitions[]): ComposedErrors {
  const codes = composeKeys<ErrorCode>(groups, 'Error code');
  const texts: Record<Language, Partial<Record<ErrorCode, string>>> = { pt: {}, en: {}, es: {} };
  for (const group of groups) {
    for (const [code, text] of Object.entries(group) as Array<[ErrorCode, ErrorTexts]>) {
      for (const language of Object.keys(texts) as Language[]) texts[language][code] = text[language];
    }
  }
  return { codes, texts };
}

export interface ErrorBody {
  error: ErrorCode;
  /** What went wrong, in the caller's language (Accept-Language, else the user's, else English). */
  message?: string;
  /** The server's own English wording, when it says more than the catalogue's text. */
  reason?: string;
  /** For ERR_VALIDATION: each refused field, its rule and the rule worded in the caller's language. */
  details?: unknown;
}
