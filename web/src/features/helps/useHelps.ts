import type { Help } from '@atendo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../../ui/toaster';
import { helpsApi } from './helpsApi';

/** The help entries (GET /helps/list); a failure shows the catalogue's toast (spec §8: list error). */
export function useHelps() {
  const [helps, setHelps] = useState<Help[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(() => {
    let current = true;
    setLoading(true);
    helpsApi
      .all()
      .then((list) => current && setHelps(list), toastError)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, []);

  useEffect(reload, [reload]);

  return { helps, setHelps, loading, reload };
}
