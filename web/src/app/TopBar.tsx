import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConnectionIndicator } from '../realtime/ConnectionIndicator';
import { LanguageSelect } from '../ui/LanguageSelect';
import { ThemeToggle } from '../ui/ThemeToggle';
import { UserMenu } from './UserMenu';

export function TopBar({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <Navbar className="top-bar">
      <NavbarGroup align={Alignment.START}>
        <Button variant="minimal" icon="menu" aria-label={t('menu.toggle')} aria-expanded={menuOpen} onClick={onToggleMenu} data-testid="menu-toggle" />
        <NavbarHeading>{t('app.name')}</NavbarHeading>
        <ConnectionIndicator />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <LanguageSelect />
        <NavbarDivider className="top-bar-collapsible" />
        <ThemeToggle />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
