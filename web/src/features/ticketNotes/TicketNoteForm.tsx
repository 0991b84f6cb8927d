import { ticketNoteSchema } from '@atendo/contracts';
import { Button, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { toastSuccess } from '../../ui/toaster';
import { ticketNotesApi, type NewTicketNote } from './ticketNotesApi';

interface TicketNoteFormProps {
  ticketId: number;
  contactId: number;
  /** After the server kept the note. */
  onAdded(): void;
}

interface Values {
  note: string;
}

/** Adds a note (spec §5: required, at least 2 characters); a refused one stays in the field to fix or send again. */
export function TicketNoteForm({ ticketId, contactId, onAdded }: TicketNoteFormProps) {
  const { t } = useTranslation();
  const toNote = (values: Values): NewTicketNote => ({ note: values.note.trim(), ticketId, contactId });
  const describe = (_field: string, message: string) => t('ticketNotes.fieldError', { message });

  const formik = useFormik<Values>({
    initialValues: { note: '' },
    validate: validateWith<Values>(ticketNoteSchema, { prepare: toNote, describe }),
    onSubmit: async (values, helpers) => {
      try {
        await ticketNotesApi.add(toNote(values));
      } catch (error) {
        showRefusal<Values>(error, helpers.setErrors, { describe });
        return;
      }
      toastSuccess(t('ticketNotes.added'));
      helpers.resetForm();
      onAdded();
    },
  });

  const error = formik.touched.note || formik.submitCount > 0 ? formik.errors.note : undefined;
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <form className="ticket-note-form" onSubmit={formik.handleSubmit} noValidate>
      <FormGroup label={t('ticketNotes.label')} labelFor="ticket-note-input" helperText={error} intent={intent}>
        <TextArea
          id="ticket-note-input"
          data-testid="ticket-note-input"
          placeholder={t('ticketNotes.placeholder')}
          {...formik.getFieldProps('note')}
          intent={intent}
          aria-invalid={error ? true : undefined}
          rows={3}
          fill
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="add" text={t('ticketNotes.add')} loading={formik.isSubmitting} data-testid="ticket-note-add" />
    </form>
  );
}
