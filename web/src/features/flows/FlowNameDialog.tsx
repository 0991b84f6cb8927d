import { changeFlowSchema, createFlowSchema, type Flow } from '@atendo/contracts';
import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog, recordTexts } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { flowsApi } from './flowsApi';

interface FlowNameValues {
  name: string;
  active: boolean;
}

interface FlowNameDialogProps {
  /** The flow to rename; none to add one. */
  editing: Flow | undefined;
  onSaved(flow: Flow): void;
  onClose(): void;
}

/** Adds a flow (its name) or renames one and switches it on or off, with the contracts' name rule. */
export function FlowNameDialog({ editing, onSaved, onClose }: FlowNameDialogProps) {
  const { t } = useTranslation();
  const { formik, errorOf } = useRecordForm<FlowNameValues, Flow>({
    initialValues: { name: editing?.name ?? '', active: editing?.active ?? true },
    validate: editing
      ? validateWith<FlowNameValues>(changeFlowSchema, { prepare: (v) => ({ flowId: editing.id, ...v }) })
      : validateWith<FlowNameValues>(createFlowSchema),
    save: ({ name, active }) => (editing ? flowsApi.update(editing.id, { name: name.trim(), active }) : flowsApi.create(name.trim())),
    savedText: editing ? t('flows.updated') : t('flows.created'),
    onSaved,
    onDone: onClose,
  });
  return (
    <FormDialog form={formik} onClose={onClose} icon="flow-branch" className="flow-name-dialog" testIds="flow-name" {...recordTexts(t('flows.form', { returnObjects: true }), !editing)}>
      <TextField id="flow-name" label={t('flows.form.name')} error={errorOf('name')} {...formik.getFieldProps('name')} autoFocus />
      {editing && (
        <Switch
          id="flow-active"
          data-testid="flow-active"
          checked={formik.values.active}
          label={t('flows.form.active')}
          onChange={(event) => void formik.setFieldValue('active', event.currentTarget.checked)}
        />
      )}
    </FormDialog>
  );
}
