import type { PermissionKey } from '@atendo/contracts';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ClosedPage } from '../ui/ClosedPage';
import { useCan } from './useCan';

/**
 * A page only holders of `permission` open; anyone else sees the lock and the text of `closedKey` in its place (the
 * server refuses their calls anyway).
 */
export function permittedPage(permission: PermissionKey, closedKey: ParseKeys, Page: ComponentType): ComponentType {
  function PermittedPage() {
    const { t } = useTranslation();
    const can = useCan();
    return can(permission) ? <Page /> : <ClosedPage text={t(closedKey)} />;
  }
  PermittedPage.displayName = `Permitted(${Page.displayName ?? Page.name})`;
  return PermittedPage;
}
