import { SETTING_KEYS, SETTINGS, type SettingKey } from '@atendo/contracts';
import { Callout, Card, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** Values shown by a translated word; a time zone by its own name (America/Sao_Paulo), a capacity by its number. */
type WordedValue = (typeof SETTINGS)[Exclude<SettingKey, 'timeZone' | 'agentCapacity'>]['values'][number];

function valueLabel(key: SettingKey, value: string, t: TFunction): string {
  if (key === 'timeZone') return value;
  if (key === 'agentCapacity') return value === '0' ? t('settings.values.unlimited') : value;
  return t(`settings.values.${value as WordedValue}`);
}

interface Props {
  values: Record<string, string>;
  /** The key being saved, its select disabled meanwhile. */
  saving: string | undefined;
  /** Whether the user may change settings (admins); others read them. */
  editable: boolean;
  onChange(key: string, value: string): void;
}

/** Every company setting of the registry (contracts/src/settings) as a select of its allowed values. */
export function OptionsTab({ values, saving, editable, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="settings-panel" data-testid="settings-options">
      {!editable && <Callout intent="primary">{t('settings.readOnly')}</Callout>}
      <div className="settings-options">
        {SETTING_KEYS.map((key) => {
          const id = `setting-${key}`;
          return (
            <Card key={key} compact className="settings-option">
              <FormGroup label={t(`settings.options.${key}.label`)} labelFor={id} helperText={t(`settings.options.${key}.help`)}>
                <HTMLSelect
                  id={id}
                  data-testid={id}
                  fill
                  value={values[key] ?? SETTINGS[key].default}
                  disabled={!editable || saving === key}
                  onChange={(event) => onChange(key, event.currentTarget.value)}
                  options={SETTINGS[key].values.map((value) => ({ value, label: valueLabel(key, value, t) }))}
                />
              </FormGroup>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
