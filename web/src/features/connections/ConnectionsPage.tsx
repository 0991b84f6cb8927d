import { useTranslation } from 'react-i18next';
import { ClosedPage } from '../../ui/ClosedPage';
import { useCan } from '../../app/useCan';
import { ConnectionsManager } from './ConnectionsManager';

/** /connections (admins, spec §6): the company's WhatsApp connections and their sessions. */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('connections-page:addConnection') || can('connections-page:actionButtons') || can('connections-page:editOrDeleteConnection');
  if (!allowed) return <ClosedPage text={t('connections.noPermission')} />;
  return <ConnectionsManager />;
}
