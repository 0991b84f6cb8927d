import type { Whatsapp } from '@atendo/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useFeed, useFeedReload } from '../../realtime/useFeed';
import { toastError } from '../../ui/toaster';
import { connectionList } from './connectionList';
import { connectionsApi } from './connectionsApi';

/**
 * The company's connections, kept live by the `whatsapp` and `whatsappSession` feeds. `onLive` hears each live change
 * of a connection after the list took it (the QR dialog closes on one).
 */
export function useConnectionList(onLive?: (connection: Whatsapp) => void) {
  const [connections, dispatch] = useReducer(connectionList, []);
  const [loading, setLoading] = useState(true);
  const mounted = useRef(true);

  const load = useCallback(() => {
    setLoading(true);
    connectionsApi
      .list()
      .then((list) => mounted.current && dispatch({ type: 'load', connections: list ?? [] }), toastError)
      .finally(() => mounted.current && setLoading(false));
  }, []);

  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  useFeed('whatsapp', (payload) => {
    if (payload.action === 'delete') {
      dispatch({ type: 'delete', id: payload.whatsappId });
      return;
    }
    dispatch({ type: 'update', connection: payload.whatsapp });
    onLive?.(payload.whatsapp);
  });
  useFeed('whatsappSession', (payload) => {
    dispatch({ type: 'session', session: payload.session });
    onLive?.(payload.session);
  });
  useFeedReload(load);

  return { connections, loading, dispatch, reload: load };
}
