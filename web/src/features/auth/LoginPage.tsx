import { Card, Classes, H2, Text } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LanguageSelect } from '../../ui/LanguageSelect';
import { LoginForm } from './LoginForm';
import { useSession } from './useSession';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();

  return (
    <main className="login-page" data-testid="page">
      <Card elevation={2} className="login-card">
        <div className="login-heading">
          <H2>{t('app.name')}</H2>
          <LanguageSelect />
        </div>
        <Text tagName="p" className={Classes.TEXT_MUTED}>
          {t('login.title')}
        </Text>
        <LoginForm
          onSubmit={async (credentials) => {
            await signIn(credentials);
            navigate('/tickets', { replace: true });
          }}
        />
        <p className="login-links">
          <Link to="/forgetpsw" data-testid="forgot-link">
            {t('login.forgot')}
          </Link>
        </p>
        <p className="login-links">
          <Link to="/signup" data-testid="signup-link">
            {t('signup.link')}
          </Link>
        </p>
      </Card>
      <footer className={Classes.TEXT_MUTED}>{t('login.copyright', { year: new Date().getFullYear() })}</footer>
    </main>
  );
}
