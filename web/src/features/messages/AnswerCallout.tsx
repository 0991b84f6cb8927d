import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SendAnswer } from './sendTestMessage';

/** What the API answered to a test: its status, and a refusal's catalogue code with the server's message. */
export function AnswerCallout({ answer, testId }: { answer: SendAnswer; testId: string }) {
  const { t } = useTranslation();
  if (answer.status === 0) {
    return (
      <Callout intent={Intent.DANGER} icon="offline" role="alert" data-testid={testId}>
        {t('messagesApi.test.unreachable')}
      </Callout>
    );
  }
  return (
    <Callout
      intent={answer.ok ? Intent.SUCCESS : Intent.DANGER}
      icon={answer.ok ? 'tick-circle' : 'error'}
      title={t('messagesApi.test.answer', { status: answer.status })}
      role={answer.ok ? 'status' : 'alert'}
      data-testid={testId}
    >
      {answer.code && <code>{answer.code}</code>}
      {answer.code && answer.message && ' — '}
      {answer.message}
    </Callout>
  );
}
