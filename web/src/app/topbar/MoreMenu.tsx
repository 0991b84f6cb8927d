import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES } from '../../i18n';
import { themeAtom } from '../../ui/theme';
import { VolumeSlider } from './VolumeSlider';

/** On a phone-width screen the less used items of the top bar (language, theme, volume, refresh) fold in here. */
export function MoreMenu() {
  const { t } = useTranslation();
  const [theme, setTheme] = useAtom(themeAtom);
  const dark = theme === 'dark';
  const language = currentLanguage();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu data-testid="more-menu">
          <MenuDivider title={t('languages.label')} />
          {LANGUAGES.map((lang) => (
            <MenuItem
              key={lang}
              text={t(`languages.${lang}`)}
              icon={lang === language ? 'tick' : 'blank'}
              active={lang === language}
              data-testid={`more-language-${lang}`}
              onClick={() => changeLanguage(lang)}
            />
          ))}
          <MenuDivider />
          <MenuItem
            icon={dark ? 'flash' : 'moon'}
            text={dark ? t('topBar.lightTheme') : t('topBar.darkTheme')}
            data-testid="more-theme"
            onClick={() => setTheme(dark ? 'light' : 'dark')}
          />
          <MenuItem icon="refresh" text={t('topBar.refresh')} data-testid="more-refresh" onClick={() => window.location.reload()} />
          <MenuDivider title={t('topBar.volume')} />
          <li className="top-bar-more-volume">
            <VolumeSlider />
          </li>
        </Menu>
      }
    >
      <Button variant="minimal" icon="more" aria-label={t('topBar.more')} title={t('topBar.more')} data-testid="more-button" />
    </Popover>
  );
}
