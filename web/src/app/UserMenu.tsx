import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/useSession';

// The profile dialog's code loads the first time it opens: the first visit does not carry it.
const ProfileDialog = lazy(() => import('../features/users/ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

export function UserMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Popover
        placement="bottom-end"
        content={
          <Menu>
            <MenuDivider title={user?.email} />
            <MenuItem icon="person" text={t('users.profile.menu')} data-testid="profile-open" onClick={() => setProfileOpen(true)} />
            <MenuItem icon="log-out" text={t('topBar.logout')} data-testid="logout" onClick={() => void signOut()} />
          </Menu>
        }
      >
        <Button variant="minimal" icon="user" endIcon="caret-down" aria-label={t('topBar.userMenu')} data-testid="user-menu">
          <span className="top-bar-collapsible">{user?.name}</span>
        </Button>
      </Popover>
      {profileOpen && (
        <Suspense>
          <ProfileDialog isOpen onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
