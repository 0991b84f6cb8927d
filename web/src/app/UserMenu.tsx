import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/useSession';

export function UserMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu>
          <MenuDivider title={user?.email} />
          <MenuItem icon="log-out" text={t('topBar.logout')} data-testid="logout" onClick={() => void signOut()} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" aria-label={t('topBar.userMenu')} data-testid="user-menu">
        <span className="top-bar-collapsible">{user?.name}</span>
      </Button>
    </Popover>
  );
}
