import { contactChangesSchema, contactSchema, type ContactDetails } from '@atendo/contracts';
import { Button, FormGroup, H6, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { getIn } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { toastError } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { contactsApi, type NewContact } from './contactsApi';

export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

interface ContactDialogProps {
  /** The contact to edit; none to add one. */
  contactId?: number;
  onClose(): void;
  onSaved(contact: ContactDetails): void;
}

const WIDTH = { width: 'min(520px, calc(100vw - 24px))' };

const toBody = (values: ContactFormValues): NewContact => ({
  name: values.name.trim(),
  number: values.number.trim(),
  email: values.email.trim(),
  extraInfo: values.extraInfo.map((x) => ({ name: x.name.trim(), value: x.value.trim() })),
});

/**
 * Adds or edits a contact (POST /contacts, PUT /contacts/{id}) with the contracts' rules: name, number (with the country
 * code; fixed once the contact exists), e-mail, and a list of extra information. A refusal keeps what was typed.
 */
export function ContactDialog({ contactId, onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation();
  const editing = contactId !== undefined;
  const [loaded, setLoaded] = useState<ContactDetails>();

  const labels: Record<string, string> = { name: t('contacts.dialog.name'), number: t('contacts.dialog.number'), email: t('contacts.dialog.email'), extraInfo: t('contacts.dialog.extraInfo') };
  const describe = (field: string, message: string) => t('contacts.dialog.fieldError', { field: labels[field.split(/[.[]/)[0]!] ?? field, message });

  const { formik } = useRecordForm<ContactFormValues, ContactDetails>({
    initialValues: { name: '', number: '', email: '', extraInfo: [] },
    validate: validateWith<ContactFormValues>(editing ? contactChangesSchema : contactSchema, { prepare: toBody, describe }),
    save: (values) => (editing ? contactsApi.update(contactId, toBody(values)) : contactsApi.create(toBody(values))),
    savedText: t('contacts.saved'),
    onSaved,
    onDone: onClose,
    refusal: { describe },
  });
  const { resetForm } = formik;

  useEffect(() => {
    if (contactId === undefined) return;
    let live = true;
    contactsApi.get(contactId).then((contact) => {
      if (!live) return;
      setLoaded(contact);
      resetForm({ values: { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo } });
    }, toastError);
    return () => {
      live = false;
    };
  }, [contactId, resetForm]);

  const shown = (path: string) => (getIn(formik.touched, path) || formik.submitCount > 0 ? (getIn(formik.errors, path) as string | undefined) : undefined);
  const extraInfo = formik.values.extraInfo;
  const setExtra = (list: ContactFormValues['extraInfo']) => void formik.setFieldValue('extraInfo', list);

  return (
    <FormDialog
      form={formik}
      onClose={onClose}
      whileSaving="cancel waits"
      title={editing ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle')}
      icon={editing ? 'edit' : 'new-person'}
      style={WIDTH}
      canOutsideClickClose={!formik.dirty}
      testIds={{ form: 'contact-dialog', cancel: 'contact-cancel', submit: 'contact-save' }}
      cancelText={t('contacts.dialog.cancel')}
      saveText={t('contacts.dialog.save')}
      saveDisabled={editing && !loaded}
    >
      {editing && !loaded ? (
        <Spinner size={24} />
      ) : (
        <>
          <TextField id="contact-name" label={labels.name} error={shown('name')} {...formik.getFieldProps('name')} autoFocus />
          <TextField
            id="contact-number"
            label={labels.number}
            error={shown('number')}
            helper={editing ? t('contacts.dialog.numberFixed') : t('contacts.dialog.numberHelp')}
            readOnly={editing}
            inputMode="tel"
            {...formik.getFieldProps('number')}
          />
          <TextField id="contact-email" label={labels.email} error={shown('email')} type="email" {...formik.getFieldProps('email')} />
          <H6 className="contacts-extra-title">{labels.extraInfo}</H6>
          {extraInfo.map((item, i) => {
            const error = shown(`extraInfo[${i}].name`) ?? shown(`extraInfo[${i}].value`);
            return (
              <FormGroup key={i} helperText={error} intent={error ? Intent.DANGER : Intent.NONE} className="contacts-extra-row">
                <div className="contacts-extra-fields">
                  <InputGroup
                    aria-label={t('contacts.dialog.extraName')}
                    placeholder={t('contacts.dialog.extraName')}
                    intent={shown(`extraInfo[${i}].name`) ? Intent.DANGER : Intent.NONE}
                    data-testid={`contact-extra-name-${i}`}
                    {...formik.getFieldProps(`extraInfo[${i}].name`)}
                  />
                  <InputGroup
                    aria-label={t('contacts.dialog.extraValue')}
                    placeholder={t('contacts.dialog.extraValue')}
                    data-testid={`contact-extra-value-${i}`}
                    {...formik.getFieldProps(`extraInfo[${i}].value`)}
                  />
                  <Button
                    minimal
                    icon="cross"
                    aria-label={t('contacts.dialog.removeExtra', { name: item.name || i + 1 })}
                    onClick={() => setExtra(extraInfo.filter((_, j) => j !== i))}
                    data-testid={`contact-extra-remove-${i}`}
                  />
                </div>
              </FormGroup>
            );
          })}
          {typeof formik.errors.extraInfo === 'string' && formik.submitCount > 0 && <div className="bp5-form-helper-text contacts-error">{formik.errors.extraInfo}</div>}
          <Button icon="add" small text={t('contacts.dialog.addExtra')} onClick={() => setExtra([...extraInfo, { name: '', value: '' }])} data-testid="contact-extra-add" />
        </>
      )}
    </FormDialog>
  );
}
