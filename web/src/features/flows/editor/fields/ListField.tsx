import type { EditorField } from '@atendo/contracts';
import { Button, Card, Classes, FormGroup, Intent } from '@blueprintjs/core';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { FieldInput, fieldId } from './FieldInput';

type Item = Record<string, unknown>;

/** A new row: numbers follow the highest one in the list (a menu's next option), the rest empty. */
export function newItem(fields: EditorField[], items: Item[]): Item {
  return Object.fromEntries(
    fields.map((f) => {
      if (f.kind === 'number') {
        const numbers = items.map((i) => Number(i[f.name])).filter((n) => Number.isFinite(n));
        return [f.name, Math.max(f.min ?? 1, ...numbers.map((n) => n + 1))];
      }
      return [f.name, f.kind === 'list' ? [] : ''];
    }),
  );
}

/** A list of items (a menu's options, a request's headers): rows of the item's fields, added and removed. */
export function ListField({ field, path, label, error }: { field: EditorField; path: string; label: string; error: string | undefined }) {
  const { t } = useTranslation();
  const formik = useFormikContext<Record<string, unknown>>();
  const raw = getIn(formik.values, path);
  const items: Item[] = Array.isArray(raw) ? raw : [];
  const fields = field.item ?? [];
  const id = fieldId(path);
  const set = (next: Item[]) => void formik.setFieldValue(path, next);
  return (
    <FormGroup label={label} helperText={typeof error === 'string' ? error : undefined} intent={error ? Intent.DANGER : Intent.NONE} className="flow-field">
      <div className="flow-list-field" data-testid={id}>
        {items.length === 0 && <p className={Classes.TEXT_MUTED}>{t('flows.dialog.noItems')}</p>}
        {items.map((_, index) => (
          <Card compact key={index} className="flow-list-item" data-testid={`${id}-item`}>
            <div className="flow-list-item-fields">
              {fields.map((itemField) => (
                <FieldInput key={itemField.name} field={itemField} path={`${path}.${index}.${itemField.name}`} />
              ))}
            </div>
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={t('flows.dialog.removeItem')}
              title={t('flows.dialog.removeItem')}
              onClick={() => set(items.filter((__, i) => i !== index))}
              data-testid={`${id}-remove`}
            />
          </Card>
        ))}
        <Button icon="add" text={t('flows.dialog.addItem')} onClick={() => set([...items, newItem(fields, items)])} data-testid={`${id}-add`} />
      </div>
    </FormGroup>
  );
}
