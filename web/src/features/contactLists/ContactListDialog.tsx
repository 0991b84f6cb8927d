import { contactListSchema, type ContactList } from '@atendo/contracts';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog, recordTexts } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
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
  const { formik, errorOf } = useRecordForm<{ name: string }, ContactList>({
    initialValues: { name: editing?.name ?? '' },
    validate: validateWith<{ name: string }>(contactListSchema),
    save: ({ name }) => (editing ? contactListsApi.rename(editing.id, name.trim()) : contactListsApi.create(name.trim())),
    savedText: editing ? t('contactLists.updated') : t('contactLists.created'),
    onSaved,
    onDone: onClose,
  });
  return (
    <FormDialog form={formik} onClose={onClose} icon="people" className="contact-lists-dialog" testIds="contact-list" {...recordTexts(t('contactLists.form', { returnObjects: true }), !editing)}>
      <TextField id="contact-list-name" label={t('contactLists.form.name')} error={errorOf('name')} {...formik.getFieldProps('name')} autoFocus />
    </FormDialog>
  );
}
