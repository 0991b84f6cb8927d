import type { CampaignVariable } from '@atendo/contracts';
import { Button, Classes, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addVariable } from './variables';

interface VariablesEditorProps {
  variables: CampaignVariable[];
  onChange(variables: CampaignVariable[]): void;
}

/** The campaign settings' variables (key and value): added one by one, a key already present refused, removed. */
export function VariablesEditor({ variables, onChange }: VariablesEditorProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string>();

  const add = () => {
    const answer = addVariable(variables, key, value);
    if ('refused' in answer) {
      setRefusal(answer.refused === 'duplicate' ? t('campaigns.settings.duplicateKey', { key: key.trim() }) : t('campaigns.settings.invalidKey'));
      return;
    }
    onChange(answer.list);
    setKey('');
    setValue('');
    setRefusal(undefined);
  };

  return (
    <div className="campaign-variables" data-testid="campaign-variables">
      <p className={Classes.TEXT_MUTED}>{t('campaigns.settings.variablesHint')}</p>
      <div className="campaign-variable-add">
        <FormGroup label={t('campaigns.settings.key')} labelFor="campaign-variable-key" intent={refusal ? Intent.DANGER : Intent.NONE}>
          <InputGroup
            id="campaign-variable-key"
            data-testid="campaign-variable-key"
            value={key}
            intent={refusal ? Intent.DANGER : Intent.NONE}
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setRefusal(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </FormGroup>
        <FormGroup label={t('campaigns.settings.value')} labelFor="campaign-variable-value" className="campaign-variable-value">
          <InputGroup
            id="campaign-variable-value"
            data-testid="campaign-variable-value"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </FormGroup>
        <Button icon="add" text={t('campaigns.settings.addVariable')} onClick={add} data-testid="campaign-variable-add" className="campaign-variable-add-button" />
      </div>
      {refusal && (
        <div className={`${Classes.FORM_GROUP} ${Classes.INTENT_DANGER} campaign-variable-refusal`}>
          <div className={Classes.FORM_HELPER_TEXT} role="alert" data-testid="campaign-variable-refusal">
            {refusal}
          </div>
        </div>
      )}
      {variables.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('campaigns.settings.noVariables')}</p>
      ) : (
        <HTMLTable compact striped className="campaign-variable-table">
          <thead>
            <tr>
              <th>{t('campaigns.settings.key')}</th>
              <th>{t('campaigns.settings.value')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {variables.map((v) => (
              <tr key={v.key} data-testid="campaign-variable" data-key={v.key}>
                <td>
                  <code>{`{${v.key}}`}</code>
                </td>
                <td className="campaign-variable-value-cell">{v.value}</td>
                <td className="list-page-actions">
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('campaigns.settings.removeVariable', { key: v.key })}
                    title={t('campaigns.settings.removeVariable', { key: v.key })}
                    onClick={() => onChange(variables.filter((other) => other.key !== v.key))}
                    data-testid="campaign-variable-remove"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
