import { Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../ui/LoadFailed';
import type { Answer } from './useAnswer';

interface PendingProps<T> {
  answer: Answer<T>;
  /** The retry button's test id. */
  testId: string;
  children(value: T): ReactNode;
}

/** A part of the dashboard while its figures come: a spinner, then them, or the failure with a button to ask again. */
export function Pending<T>({ answer, testId, children }: PendingProps<T>) {
  const { t } = useTranslation();
  if (answer.failed) return <LoadFailed title={t('dashboard.failed')} retryText={t('dashboard.retry')} onRetry={answer.retry} retryTestId={testId} />;
  if (answer.value === undefined) return <Spinner size={24} aria-label={t('dashboard.loading')} />;
  return <>{children(answer.value)}</>;
}
