import type { BlockDescription, EditorField, Queue, UserRef } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { FormikProvider, setIn, useFormik, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../ui/toaster';
import { flowsApi } from '../flowsApi';
import { FieldContext } from './fields/fieldContext';
import { FieldInput } from './fields/FieldInput';
import { valueAt } from './graph';
import { blockIcon, blockLabel, fieldLabel } from './labels';

type Data = Record<string, unknown>;

const uses = (fields: EditorField[], kind: EditorField['kind']): boolean => fields.some((f) => f.kind === kind || uses(f.item ?? [], kind));

/** The bounds a descriptor gives its number fields, in lists too; the plugin's own schema is checked at save. */
function numberErrors(t: TFunction, block: BlockDescription, fields: EditorField[], data: unknown, prefix = ''): Array<[string, string]> {
  return fields.flatMap((field): Array<[string, string]> => {
    const path = `${prefix}${field.name}`;
    const value = valueAt(data, field.name);
    if (field.kind === 'list' && Array.isArray(value)) return value.flatMap((item, i) => numberErrors(t, block, field.item ?? [], item, `${path}.${i}.`));
    if (field.kind !== 'number' || value === undefined || value === '') return [];
    const label = fieldLabel(t, field, block.texts);
    if (typeof value !== 'number' || Number.isNaN(value)) return [[path, `${label} ${t('flows.dialog.notNumber')}`]];
    if (field.min !== undefined && value < field.min) return [[path, `${label} ${t('flows.dialog.tooSmall', { min: field.min })}`]];
    if (field.max !== undefined && value > field.max) return [[path, `${label} ${t('flows.dialog.tooBig', { max: field.max })}`]];
    return [];
  });
}

interface BlockDialogProps {
  block: BlockDescription;
  /** Spec §4: dialogs run in create mode (a new block) or edit mode (the block's data). */
  mode: 'create' | 'edit';
  data: Data;
  variables: string[];
  onSubmit(data: Data): void;
  onClose(): void;
}

/** The edit dialog of any block, built from its descriptor's fields: no block type needs its own dialog. */
export function BlockDialog({ block, mode, data, variables, onSubmit, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const label = blockLabel(t, block);
  const [queues, setQueues] = useState<Queue[]>([]);
  const [users, setUsers] = useState<UserRef[]>([]);
  useEffect(() => {
    if (uses(block.fields, 'queue')) flowsApi.queues().then(setQueues, toastError);
    if (uses(block.fields, 'user')) flowsApi.users().then(setUsers, toastError);
  }, [block]);

  const formik = useFormik<Data>({
    initialValues: data,
    validate: (values) => numberErrors(t, block, block.fields, values).reduce<FormikErrors<Data>>((errors, [path, text]) => setIn(errors, path, text), {}),
    onSubmit: (values) => onSubmit(values),
  });

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={mode === 'create' ? t('flows.dialog.addTitle', { block: label }) : t('flows.dialog.editTitle', { block: label })}
      icon={blockIcon(block)}
      className="flow-block-dialog"
    >
      <FormikProvider value={formik}>
        <FieldContext.Provider value={{ blockType: block.type, texts: block.texts, variables, queues, users }}>
          <form onSubmit={formik.handleSubmit} noValidate data-testid="flow-block-form" data-block-type={block.type}>
            <DialogBody>
              {block.fields.map((field) => (
                <FieldInput key={field.name} field={field} path={field.name} />
              ))}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('flows.dialog.cancel')} onClick={onClose} data-testid="flow-block-cancel" />
                  <Button type="submit" intent={Intent.PRIMARY} text={mode === 'create' ? t('flows.dialog.add') : t('flows.dialog.edit')} data-testid="flow-block-submit" />
                </>
              }
            />
          </form>
        </FieldContext.Provider>
      </FormikProvider>
    </Dialog>
  );
}
