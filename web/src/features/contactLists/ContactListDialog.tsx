import { contactListSchema, type ContactList } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
import { contactListsApi } from './contactListsApi';

interface ContactListDialogProps {
  /** The list to rename; none to add one. */
  editing: ContactList | undefined;
  onSaved(list: ContactList): void;
  onClose(): void;
}

/** Adds a contact list or renames one, with the contracts' name rule (2 to 50 characters). */
export function ContactListDialog({ editing, onSaved, onClose }: ContactListDialogProps) {
  const { t } = useTranslation();
  const formik = useFormik<{ name: string }>({
    initialValues: { name: editing?.name ?? '' },
    validate: validateWith<{ name: string }>(contactListSchema),
    onSubmit: async (values, { setErrors }) => {
      const name = values.name.trim();
      try {
        const saved = editing ? await contactListsApi.rename(editing.id, name) : await contactListsApi.create(name);
        onSaved(saved);
        toastSuccess(editing ? t('contactLists.updated') : t('contactLists.created'));
        onClose();
      } catch (error) {
        showRefusal<{ name: string }>(error, setErrors);
      }
    },
  });
  const nameError = formik.touched.name || formik.submitCount > 0 ? formik.errors.name : undefined;
  return (
    <Dialog isOpen onClose={formik.isSubmitting ? undefined : onClose} title={editing ? t('contactLists.form.editTitle') : t('contactLists.form.addTitle')} icon="people" className="contact-lists-dialog">
      <form onSubmit={formik.handleSubmit} noValidate data-testid="contact-list-form">
        <DialogBody>
          <TextField id="contact-list-name" label={t('contactLists.form.name')} error={nameError} {...formik.getFieldProps('name')} autoFocus />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('contactLists.form.cancel')} onClick={onClose} disabled={formik.isSubmitting} data-testid="contact-list-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('contactLists.form.save')} loading={formik.isSubmitting} data-testid="contact-list-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
