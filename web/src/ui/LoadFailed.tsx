import { Button, NonIdealState } from '@blueprintjs/core';

interface LoadFailedProps {
  title: string;
  /** What went wrong, when the page says it. */
  description?: string;
  retryText: string;
  onRetry(): void;
  /** The retry button's test id. */
  retryTestId: string;
}

/** What a tab shows when what it reads did not come: the failure and a button to ask again. */
export function LoadFailed({ title, description, retryText, onRetry, retryTestId }: LoadFailedProps) {
  return <NonIdealState icon="error" title={title} description={description} action={<Button icon="refresh" text={retryText} onClick={onRetry} data-testid={retryTestId} />} />;
}
