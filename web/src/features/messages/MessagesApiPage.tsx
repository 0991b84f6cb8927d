import { Card, H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePlan } from '../../app/shell/usePlan';
import { toastWarning } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';
import { ApiDocs } from './ApiDocs';
import { MediaMessageForm } from './MediaMessageForm';
import { TextMessageForm } from './TextMessageForm';
import './messagesApi.css';

/** Catalogue spec: a plan without the external API sends the user home after 1 s. */
export const REDIRECT_DELAY_MS = 1_000;

/** /messages-api: how to send messages from other systems, and forms to try it (only if the plan has useExternalApi). */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const plan = usePlan(user?.companyId);
  const navigate = useNavigate();
  const refused = plan !== null && !plan.useExternalApi;

  useEffect(() => {
    if (!refused) return;
    toastWarning(t('messagesApi.unauthorized'));
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [refused, navigate, t]);

  if (plan === null || refused) {
    return (
      <div className="shell-page" data-testid="page">
        {refused ? <NonIdealState icon="lock" description={t('messagesApi.unauthorized')} /> : <NonIdealState icon={<Spinner size={32} />} />}
      </div>
    );
  }
  return (
    <div className="shell-page messages-api-root" data-testid="page">
      <div className="messages-api-page">
        <H3>{t('messagesApi.title')}</H3>
        <p>{t('messagesApi.intro')}</p>
        <div className="messages-api-columns">
          <Card className="messages-api-card">
            <ApiDocs />
          </Card>
          <div className="messages-api-forms">
            <Card className="messages-api-card">
              <TextMessageForm />
            </Card>
            <Card className="messages-api-card">
              <MediaMessageForm />
            </Card>
          </div>
        </div>
      </div>
    </div>
  );
}
