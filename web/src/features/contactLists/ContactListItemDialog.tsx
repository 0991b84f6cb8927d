import { contactListItemChangesSchema, contactListItemSchema, type ContactListItem } from '@atendo/contracts';
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
import { contactListsApi, type ContactListItemValues } from './contactListsApi';

interface ContactListItemDialogProps {
  contactListId: number;
  /** The contact to edit; none to add one. */
  editing: ContactListItem | undefined;
  onSaved(item: ContactListItem): void;
  onClose(): void;
}

const trimmed = (v: ContactListItemValues): ContactListItemValues => ({ name: v.name.trim(), number: v.number.trim(), email: v.email.trim() });

/** Adds a contact to a list or edits one, with the contracts' rules (name 2 to 50, number 8 to 50, a valid e-mail). */
export function ContactListItemDialog({ contactListId, editing, onSaved, onClose }: ContactListItemDialogProps) {
  const { t } = useTranslation();
  const formik = useFormik<ContactListItemValues>({
    initialValues: { name: editing?.name ?? '', number: editing?.number ?? '', email: editing?.email ?? '' },
    validate: editing
      ? validateWith<ContactListItemValues>(contactListItemChangesSchema, { prepare: trimmed })
      : validateWith<ContactListItemValues>(contactListItemSchema, { prepare: (v) => ({ contactListId, ...trimmed(v) }) }),
    onSubmit: async (values, { setErrors }) => {
      try {
        const saved = editing ? await contactListsApi.updateItem(editing.id, trimmed(values)) : await contactListsApi.createItem(contactListId, trimmed(values));
        onSaved(saved);
        toastSuccess(t('contactLists.items.saved'));
        onClose();
      } catch (error) {
        showRefusal<ContactListItemValues>(error, setErrors, { fieldOfCode: { ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS: 'number' } });
      }
    },
  });
  const error = (field: keyof ContactListItemValues) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
  return (
    <Dialog
      isOpen
      onClose={formik.isSubmitting ? undefined : onClose}
      title={editing ? t('contactLists.items.form.editTitle') : t('contactLists.items.form.addTitle')}
      icon="person"
      className="contact-lists-dialog"
    >
      <form onSubmit={formik.handleSubmit} noValidate data-testid="contact-list-item-form">
        <DialogBody>
          <TextField id="contact-list-item-name" label={t('contactLists.items.form.name')} error={error('name')} {...formik.getFieldProps('name')} autoFocus />
          <TextField id="contact-list-item-number" label={t('contactLists.items.form.number')} error={error('number')} {...formik.getFieldProps('number')} />
          <TextField id="contact-list-item-email" label={t('contactLists.items.form.email')} error={error('email')} {...formik.getFieldProps('email')} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('contactLists.form.cancel')} onClick={onClose} disabled={formik.isSubmitting} data-testid="contact-list-item-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('contactLists.form.save')} loading={formik.isSubmitting} data-testid="contact-list-item-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
