import type { IntegrationTestResult } from '@atendo/contracts';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../ui/toaster';
import { queueIntegrationsApi, type TestSessionValues } from './queueIntegrationsApi';

/** The greeting the test asks the agent (the server's default too). */
const TEST_TEXT = 'Olá';

/** "Test": asks the Dialogflow agent once with the form's credentials, and shows its answer or why it failed. */
export function DialogflowTest({ values, disabled }: { values: Omit<TestSessionValues, 'text'>; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ answer: IntegrationTestResult } | { error: string }>();
  const test = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ answer: await queueIntegrationsApi.testSession({ ...values, text: TEST_TEXT }) });
    } catch (error) {
      setOutcome({ error: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const ready = values.projectName.trim() !== '' && values.jsonContent.trim() !== '';
  return (
    <div className="integration-test">
      <Button icon="play" text={t('integrations.form.test')} loading={busy} disabled={disabled || !ready} onClick={() => void test()} data-testid="integration-test" />
      {outcome && 'answer' in outcome && (
        <Callout intent={Intent.SUCCESS} compact data-testid="integration-test-answer">
          <div>{outcome.answer.fulfillmentText ? t('integrations.form.testAnswer', { text: outcome.answer.fulfillmentText }) : t('integrations.form.testNoAnswer')}</div>
          {outcome.answer.intent && <div>{t('integrations.form.testIntent', { intent: outcome.answer.intent })}</div>}
        </Callout>
      )}
      {outcome && 'error' in outcome && (
        <Callout intent={Intent.DANGER} compact role="alert" data-testid="integration-test-error">
          {outcome.error}
        </Callout>
      )}
    </div>
  );
}
