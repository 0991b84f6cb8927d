import { Intent, Tag } from '@blueprintjs/core';

/** The small count on a top-bar button; nothing when there is nothing. Over 99 shows 99+. */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <Tag round intent={Intent.DANGER} className="top-bar-badge" data-testid={testId} aria-hidden>
      {count > 99 ? '99+' : count}
    </Tag>
  );
}
