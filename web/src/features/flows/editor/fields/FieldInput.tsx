import type { EditorField } from '@atendo/contracts';
import { FormGroup, HTMLSelect, InputGroup, Intent, NumericInput, TextArea } from '@blueprintjs/core';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { fieldName } from '../graph';
import { choiceLabel, fieldHelp, fieldLabel } from '../labels';
import { useFieldContext } from './fieldContext';
import { ListField } from './ListField';
import { hasUpload, MediaUpload } from './MediaUpload';
import { isMaskedSecret, SecretInput } from './SecretInput';
import { VariableHints } from './VariableHints';

type Values = Record<string, unknown>;

/** A test id and element id from a field's path (`arrayOption.0.value` → `flow-field-arrayOption-0-value`). */
export const fieldId = (path: string) => `flow-field-${path.replace(/[^\w-]+/g, '-')}`;

/** A queue or user as blocks keep it: `{ id, name }` (a bare id is read too). */
const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { id?: number }).id : value);

/** One field of a block's dialog, drawn from its descriptor (`kind`) at `path` in the block's data. */
export function FieldInput({ field, path }: { field: EditorField; path: string }) {
  const { t } = useTranslation();
  const formik = useFormikContext<Values>();
  const { blockType, texts, variables, queues, users } = useFieldContext();
  const id = fieldId(path);
  const label = fieldLabel(t, field, texts);
  const value = getIn(formik.values, path);
  const touched = getIn(formik.touched, path) || formik.submitCount > 0;
  const error = touched ? (getIn(formik.errors, path) as string | undefined) : undefined;
  const intent = error ? Intent.DANGER : Intent.NONE;
  const set = (next: unknown) => void formik.setFieldValue(path, next);
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const insert = (placeholder: string) => set(`${text}${placeholder}`);
  const common = { id, name: path, 'aria-invalid': error ? true : undefined, onBlur: formik.handleBlur } as const;

  if (field.kind === 'list') return <ListField field={field} path={path} label={label} error={error} />;

  let input;
  let helper: string | undefined;
  switch (field.kind) {
    case 'text':
      input = (
        <>
          <InputGroup {...common} data-testid={id} value={text} intent={intent} onChange={(e) => set(e.currentTarget.value)} />
          {hasUpload(blockType, fieldName(field)) && <MediaUpload id={id} blockType={blockType} onUploaded={set} />}
          <VariableHints variables={variables} onInsert={insert} />
        </>
      );
      break;
    case 'textarea':
      input = (
        <>
          <TextArea {...common} data-testid={id} value={text} intent={intent} rows={field.rows ?? 4} fill onChange={(e) => set(e.currentTarget.value)} />
          <VariableHints variables={variables} onInsert={insert} />
        </>
      );
      break;
    case 'number':
      input = (
        <NumericInput
          {...common}
          data-testid={id}
          fill
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          min={field.min}
          max={field.max}
          stepSize={field.step ?? 1}
          majorStepSize={(field.step ?? 1) * 10}
          minorStepSize={field.step && field.step < 1 ? field.step / 10 : null}
          intent={intent}
          allowNumericCharactersOnly
          clampValueOnBlur={false}
          onValueChange={(n, s) => set(s.trim() === '' ? undefined : Number.isNaN(n) ? s : n)}
        />
      );
      break;
    case 'select': {
      const choices = field.choices ?? [];
      const known = choices.some((c) => c.value === text);
      input = (
        <HTMLSelect
          {...common}
          data-testid={id}
          fill
          value={text}
          onChange={(e) => set(e.currentTarget.value)}
          options={[...(known ? [] : [{ value: text, label: t('flows.dialog.choose') }]), ...choices.map((c) => ({ value: c.value, label: choiceLabel(t, c, texts) }))]}
        />
      );
      break;
    }
    case 'variable': {
      const listId = `${id}-variables`;
      input = (
        <>
          <InputGroup {...common} data-testid={id} value={text} intent={intent} list={listId} onChange={(e) => set(e.currentTarget.value)} />
          <datalist id={listId}>
            {variables.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </>
      );
      break;
    }
    case 'queue':
    case 'user': {
      const records = field.kind === 'queue' ? queues : users;
      const current = idOf(value);
      input = (
        <HTMLSelect
          {...common}
          data-testid={id}
          fill
          value={current === undefined || current === null ? '' : String(current)}
          onChange={(e) => {
            const record = records.find((r) => String(r.id) === e.currentTarget.value);
            set(record ? { id: record.id, name: record.name } : undefined);
          }}
          options={[{ value: '', label: field.kind === 'queue' ? t('flows.dialog.chooseQueue') : t('flows.dialog.chooseUser') }, ...records.map((r) => ({ value: String(r.id), label: r.name }))]}
        />
      );
      break;
    }
    case 'secret':
      input = <SecretInput {...common} value={text} invalid={!!error} onChange={(e) => set(e.currentTarget.value)} />;
      if (isMaskedSecret(value)) helper = t('flows.dialog.secretKept');
      break;
    default: {
      // A kind this console does not know yet: edited as text, so the block stays usable.
      input = <InputGroup {...common} data-testid={id} value={text} intent={intent} onChange={(e) => set(e.currentTarget.value)} />;
    }
  }
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? helper ?? (fieldHelp(t, field, texts) || undefined)} intent={intent} className="flow-field">
      {input}
    </FormGroup>
  );
}
