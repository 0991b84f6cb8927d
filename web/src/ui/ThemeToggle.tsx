import { Button } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { themeAtom } from './theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(themeAtom);
  const dark = theme === 'dark';
  const label = dark ? t('topBar.lightTheme') : t('topBar.darkTheme');
  return (
    <Button
      variant="minimal"
      icon={dark ? 'flash' : 'moon'}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    />
  );
}
