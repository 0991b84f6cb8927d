import { NonIdealState } from '@blueprintjs/core';

/** A page the user may not open (its permission, or the plan): a lock and why, in place of the page. */
export function ClosedPage({ text }: { text: string }) {
  return (
    <div className="shell-page" data-testid="page">
      <NonIdealState icon="lock" description={text} />
    </div>
  );
}
