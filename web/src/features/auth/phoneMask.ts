/** Spec §5: the sign-up phone has the mask (99) 99999-9999, at most 11 digits. */
export const PHONE_MAX_DIGITS = 11;

/** What the user typed, kept to its first 11 digits and shown through the mask as far as it goes. */
export function maskPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 7) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}
