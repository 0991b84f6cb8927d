import type { Setting } from '@atendo/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeed } from '../../realtime/useFeed';
import { toastError, toastSuccess } from '../../ui/toaster';
import { settingsApi } from './settingsApi';

const asMap = (list: Setting[]) => Object.fromEntries(list.map((s) => [s.key, s.value]));

/** The company's settings: loaded once, kept current by the `settings` feed (another admin's change shows at once). */
export function useSettings() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string>();

  const load = useCallback(() => {
    setFailed(false);
    settingsApi.list().then(
      (list) => setValues(asMap(list)),
      (error: unknown) => {
        setFailed(true);
        toastError(error);
      },
    );
  }, []);

  useEffect(load, [load]);

  useFeed('settings', (payload) => {
    if (payload.action === 'update') setValues(asMap(payload.settings));
  });

  const change = useCallback(
    async (key: string, value: string) => {
      setSaving(key);
      try {
        const saved = await settingsApi.change(key, value);
        setValues((current) => ({ ...current, [saved.key]: saved.value }));
        toastSuccess(t('settings.updated'));
      } catch (error) {
        toastError(error);
      } finally {
        setSaving(undefined);
      }
    },
    [t],
  );

  return { values, failed, saving, load, change };
}
