const DAY_MS = 86_400_000;

/** How a company's row is coloured by its due date (spec §4); undefined: not coloured. */
export type DueDateTone = 'soon' | 'near' | 'late';

/**
 * Whole days from `now` to the due date, counted towards zero (4 days and 23 hours is 4): exactly 5 left is
 * pale yellow (`soon`), -3 to 4 orange (`near`), exactly -4 red (`late`); other values, or no valid date, nothing.
 */
export function dueDateTone(dueDate: string | null | undefined, now: Date = new Date()): DueDateTone | undefined {
  if (!dueDate) return undefined;
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return undefined;
  const days = Math.trunc((due - now.getTime()) / DAY_MS);
  if (days === 5) return 'soon';
  if (days >= -3 && days <= 4) return 'near';
  if (days === -4) return 'late';
  return undefined;
}
