import { contactListItemChangesSchema, contactListItemSchema, type ContactListItem } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
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
  const { formik, errorOf } = useRecordForm<ContactListItemValues, ContactListItem>({
    initialValues: { name: editing?.name ?? '', number: editing?.number ?? '', email: editing?.email ?? '' },
    validate: editing
      ? validateWith<ContactListItemValues>(contactListItemChangesSchema, { prepare: trimmed })
      : validateWith<ContactListItemValues>(contactListItemSchema, { prepare: (v) => ({ contactListId, ...trimmed(v) }) }),
    save: (values) => (editing ? contactListsApi.updateItem(editing.id, trimmed(values)) : contactListsApi.createItem(contactListId, trimmed(values))),
    savedText: t('contactLists.items.saved'),
    onSaved,
    onDone: onClose,
    refusal: { fieldOfCode: { ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS: 'number' } },
  });
  return (
    <FormDialog
      form={formik}
      onClose={onClose}
      title={editing ? t('contactLists.items.form.editTitle') : t('contactLists.items.form.addTitle')}
      icon="person"
      className="contact-lists-dialog"
      testIds="contact-list-item"
      cancelText={t('contactLists.form.cancel')}
      saveText={t('contactLists.form.save')}
    >
      <TextField id="contact-list-item-name" label={t('contactLists.items.form.name')} error={errorOf('name')} {...formik.getFieldProps('name')} autoFocus />
      <TextField id="contact-list-item-number" label={t('contactLists.items.form.number')} error={errorOf('number')} {...formik.getFieldProps('number')} />
      <TextField id="contact-list-item-email" label={t('contactLists.items.form.email')} error={errorOf('email')} {...formik.getFieldProps('email')} />
    </FormDialog>
  );
}
