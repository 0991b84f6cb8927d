import { Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { userAtom } from '../sessionAtoms';
import { useConnectionsAlert } from '../../features/connections/useConnectionsAlert';
import { visibleMenu, type MenuEntry, type MenuContext } from './menu';

export const APP_VERSION = '8.0.1';

export function cshowFlag(): boolean {
  return localStorage.getItem('cshow') !== null;
}

/** Whether `pathname` is the entry's page (its sub-pages too: /tickets/uuid is under /tickets). */
const isCurrent = (entry: MenuEntry, pathname: string) => (entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`));

/** The side menu of spec §2: the main entries, then the administration group; labels hide when collapsed. */
export function SideMenu({ collapsed, plan, onNavigate }: { collapsed: boolean; plan: MenuContext['plan']; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const campaignsEnabled = user?.company.settings.some((s) => s.key === 'campaignsEnabled' && s.value === 'true') ?? false;
  const entries = visibleMenu({ who: user, plan, cshow: cshowFlag(), campaignsEnabled });
  const connectionsAlert = useConnectionsAlert(entries.some((e) => e.badge === 'connections'));
  // The internal chat's unread dot comes with the chat feature.
  const badges: Record<NonNullable<MenuEntry['badge']>, boolean> = { connections: connectionsAlert, chats: false };
  const item = (entry: MenuEntry) => {
    const text = t(`menu.${entry.label}` as 'menu.tickets');
    const alert = entry.badge !== undefined && badges[entry.badge];
    const link = (
      <MenuItem
        key={entry.path}
        icon={
          alert ? (
            <span className="side-menu-badge-icon" data-testid={`menu-badge-${entry.label}`}>
              <Icon icon={entry.icon} />
              <span className="side-menu-badge" aria-label={t('menu.connectionsAlert')} title={t('menu.connectionsAlert')} />
            </span>
          ) : (
            <Icon icon={entry.icon} />
          )
        }
        text={collapsed ? undefined : text}
        htmlTitle={collapsed ? text : undefined}
        active={isCurrent(entry, pathname)}
        href={entry.path}
        aria-label={text}
        data-testid={`menu-${entry.label}`}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          navigate(entry.path);
          onNavigate?.();
        }}
      />
    );
    return link;
  };
  const main = entries.filter((e) => e.group === 'main');
  const admin = entries.filter((e) => e.group === 'admin');
  return (
    <nav className={`side-menu${collapsed ? ' side-menu-collapsed' : ''}`} aria-label={t('menu.toggle')} data-testid="side-menu">
      <Menu className="side-menu-list">
        {main.map(item)}
        {admin.length > 0 && <MenuDivider title={collapsed ? undefined : t('menu.administration')} />}
        {admin.map(item)}
      </Menu>
      {!collapsed && <div className="side-menu-version">v{APP_VERSION}</div>}
    </nav>
  );
}
