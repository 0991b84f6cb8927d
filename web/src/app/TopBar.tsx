import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConnectionIndicator } from '../realtime/ConnectionIndicator';
import { LanguageSelect } from '../ui/LanguageSelect';
import { ThemeToggle } from '../ui/ThemeToggle';
import { useMediaQuery } from '../ui/useMediaQuery';
import { AnnouncementsPopover } from './topbar/AnnouncementsPopover';
import { Greeting } from './topbar/Greeting';
import { MoreMenu } from './topbar/MoreMenu';
import { NotificationsBell } from './topbar/NotificationsBell';
import { RefreshButton } from './topbar/RefreshButton';
import { VolumeControl } from './topbar/VolumeControl';
import { UserMenu } from './UserMenu';
import './topbar/topbar.css';

/** Below this width the language, theme, volume and refresh fold into one menu, so the bar never overflows. */
export const TOP_BAR_FOLD_QUERY = '(max-width: 767px)';

/** The top bar of spec §2. */
export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  const folded = useMediaQuery(TOP_BAR_FOLD_QUERY);
  return (
    <Navbar className="top-bar" data-testid="top-bar">
      <NavbarGroup align={Alignment.START} className="top-bar-start">
        <Button variant="minimal" icon="menu" aria-label={t('menu.toggle')} aria-expanded={menuOpen} onClick={onToggleMenu} data-testid="menu-toggle" />
        <NavbarHeading className="top-bar-heading">{t('app.name')}</NavbarHeading>
        <ConnectionIndicator />
        <Greeting />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END} className="top-bar-end">
        <AnnouncementsPopover />
        <NotificationsBell />
        {folded ? (
          <MoreMenu />
        ) : (
          <>
            <NavbarDivider />
            <LanguageSelect />
            <ThemeToggle />
            <VolumeControl />
            <RefreshButton />
          </>
        )}
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
