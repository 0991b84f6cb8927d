import { changeFlowSchema, createFlowSchema, type Flow } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, Intent, Switch } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
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
  const formik = useFormik<FlowNameValues>({
    initialValues: { name: editing?.name ?? '', active: editing?.active ?? true },
    validate: editing
      ? validateWith<FlowNameValues>(changeFlowSchema, { prepare: (v) => ({ flowId: editing.id, ...v }) })
      : validateWith<FlowNameValues>(createFlowSchema),
    onSubmit: async (values, { setErrors }) => {
      const name = values.name.trim();
      try {
        const saved = editing ? await flowsApi.update(editing.id, { name, active: values.active }) : await flowsApi.create(name);
        onSaved(saved);
        toastSuccess(editing ? t('flows.updated') : t('flows.created'));
        onClose();
      } catch (error) {
        showRefusal<FlowNameValues>(error, setErrors);
      }
    },
  });
  const nameError = formik.touched.name || formik.submitCount > 0 ? formik.errors.name : undefined;
  return (
    <Dialog isOpen onClose={formik.isSubmitting ? undefined : onClose} title={editing ? t('flows.form.editTitle') : t('flows.form.addTitle')} icon="flow-branch" className="flow-name-dialog">
      <form onSubmit={formik.handleSubmit} noValidate data-testid="flow-name-form">
        <DialogBody>
          <TextField id="flow-name" label={t('flows.form.name')} error={nameError} {...formik.getFieldProps('name')} autoFocus />
          {editing && (
            <Switch
              id="flow-active"
              data-testid="flow-active"
              checked={formik.values.active}
              label={t('flows.form.active')}
              onChange={(event) => void formik.setFieldValue('active', event.currentTarget.checked)}
            />
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('flows.form.cancel')} onClick={onClose} disabled={formik.isSubmitting} data-testid="flow-name-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('flows.form.save')} loading={formik.isSubmitting} data-testid="flow-name-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
