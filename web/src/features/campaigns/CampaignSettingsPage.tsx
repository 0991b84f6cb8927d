import { CAMPAIGN_SETTINGS_DEFAULTS, GREATER_INTERVAL_CHOICES, LONGER_INTERVAL_AFTER_CHOICES, MESSAGE_INTERVAL_CHOICES, type CampaignSettings } from '@atendo/contracts';
import { Button, Card, FormGroup, H3, H5, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../ui/toaster';
import { campaignsApi } from './campaignsApi';
import { VariablesEditor } from './VariablesEditor';
import '../../ui/listPage/listPage.css';
import './campaigns.css';

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

/** /campaigns-config: the pacing of every campaign of the company and the variables their messages may name. */
export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<CampaignSettings>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    campaignsApi.settings().then(
      (s) => live && setSettings({ ...CAMPAIGN_SETTINGS_DEFAULTS, ...s }),
      (error: unknown) => {
        toastError(error);
        if (live) setSettings({ ...CAMPAIGN_SETTINGS_DEFAULTS });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      setSettings(await campaignsApi.saveSettings(settings));
      toastSuccess(t('campaigns.settings.saved'));
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const select = (field: IntervalField, choices: readonly number[], unit: 'seconds' | 'messages') => {
    const current = settings![field];
    // A value saved before the choices changed still shows.
    const all = choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
    return (
      <FormGroup label={t(`campaigns.settings.${field}`)} labelFor={`campaign-settings-${field}`} className="campaign-settings-field">
        <HTMLSelect
          id={`campaign-settings-${field}`}
          data-testid={`campaign-settings-${field}`}
          fill
          value={String(current)}
          onChange={(event) => {
            const value = Number(event.currentTarget.value);
            setSettings((s) => s && { ...s, [field]: value });
          }}
          options={all.map((n) => ({ value: String(n), label: n === 0 ? (unit === 'seconds' ? t('campaigns.settings.noInterval') : t('campaigns.settings.notSet')) : t(`campaigns.settings.${unit}`, { count: n }) }))}
        />
      </FormGroup>
    );
  };

  return (
    <div className="shell-page campaign-settings-page" data-testid="page">
      <div className="list-page-header">
        <H3 className="list-page-heading">{t('campaigns.settings.title')}</H3>
        <Button intent={Intent.PRIMARY} icon="floppy-disk" text={t('campaigns.settings.save')} onClick={() => void save()} loading={saving} disabled={!settings} data-testid="campaign-settings-save" />
      </div>
      {!settings ? (
        <Spinner size={24} />
      ) : (
        <div className="campaign-settings-body">
          <Card className="campaign-settings-card">
            <H5>{t('campaigns.settings.intervals')}</H5>
            <div className="campaign-settings-grid">
              {select('messageInterval', MESSAGE_INTERVAL_CHOICES, 'seconds')}
              {select('longerIntervalAfter', LONGER_INTERVAL_AFTER_CHOICES, 'messages')}
              {select('greaterInterval', GREATER_INTERVAL_CHOICES, 'seconds')}
            </div>
          </Card>
          <Card className="campaign-settings-card">
            <H5>{t('campaigns.settings.variables')}</H5>
            <VariablesEditor variables={settings.variables} onChange={(variables) => setSettings((s) => s && { ...s, variables })} />
          </Card>
        </div>
      )}
    </div>
  );
}
