import { Button, Intent, Tag, type IconName } from '@blueprintjs/core';

/** The small count on a top-bar button; nothing when there is nothing. Over 99 shows 99+. */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <Tag round intent={Intent.DANGER} className="top-bar-badge" data-testid={testId} aria-hidden>
      {count > 99 ? '99+' : count}
    </Tag>
  );
}

interface BadgedButtonProps {
  icon: IconName;
  /** The accessible name, which says the count. */
  label: string;
  title: string;
  count: number;
  /** The button is `<testId>-button`, its count `<testId>-count`. */
  testId: string;
}

/** A top-bar button that opens a popover, with its count beside it (inside a `top-bar-badged` span). */
export function BadgedButton({ icon, label, title, count, testId }: BadgedButtonProps) {
  return (
    <>
      <Button variant="minimal" icon={icon} aria-label={label} title={title} data-testid={`${testId}-button`} />
      <CountBadge count={count} testId={`${testId}-count`} />
    </>
  );
}
