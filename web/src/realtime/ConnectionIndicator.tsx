import { Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from './RealtimeContext';

export function ConnectionIndicator() {
  const { t } = useTranslation();
  const { client } = useRealtime();
  const [state, setState] = useState(client.state);
  useEffect(() => {
    setState(client.state);
    return client.onStateChange(setState);
  }, [client]);
  const label = t(`topBar.connection.${state}`);
  return (
    <Tag
      role="status"
      minimal
      round
      icon={state === 'online' ? 'feed' : 'offline'}
      intent={state === 'online' ? Intent.SUCCESS : Intent.WARNING}
      data-testid="connection-state"
      data-state={state}
      aria-label={label}
      htmlTitle={label}
    >
      <span className="top-bar-collapsible">{label}</span>
    </Tag>
  );
}
