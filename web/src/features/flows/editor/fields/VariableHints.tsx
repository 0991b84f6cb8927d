import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The flow's variables as {{placeholders}}: a click puts one at the end of the field. */
export function VariableHints({ variables, onInsert }: { variables: string[]; onInsert(placeholder: string): void }) {
  const { t } = useTranslation();
  if (variables.length === 0) return null;
  return (
    <div className="flow-variable-hints" aria-label={t('flows.editor.variables')}>
      {variables.map((name) => (
        <Tag key={name} minimal interactive round onClick={() => onInsert(`{{${name}}}`)} aria-label={t('flows.editor.insertVariable', { name })} data-testid="flow-variable-hint">
          {`{{${name}}}`}
        </Tag>
      ))}
    </div>
  );
}
