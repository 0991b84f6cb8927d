import { ticketNoteSchema, type TicketNote } from '@atendo/contracts';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { TextAreaField } from '../../ui/TextAreaField';
import { useRecordForm } from '../../ui/useRecordForm';
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

  const { formik, errorOf } = useRecordForm<Values, TicketNote>({
    initialValues: { note: '' },
    validate: validateWith<Values>(ticketNoteSchema, { prepare: toNote, describe }),
    save: async (values, { resetForm }) => {
      const note = await ticketNotesApi.add(toNote(values));
      resetForm();
      return note;
    },
    savedText: t('ticketNotes.added'),
    onDone: onAdded,
    refusal: { describe },
  });

  return (
    <form className="ticket-note-form" onSubmit={formik.handleSubmit} noValidate>
      <TextAreaField
        id="ticket-note-input"
        label={t('ticketNotes.label')}
        error={errorOf('note')}
        placeholder={t('ticketNotes.placeholder')}
        rows={3}
        autoResize={false}
        {...formik.getFieldProps('note')}
      />
      <Button type="submit" intent={Intent.PRIMARY} icon="add" text={t('ticketNotes.add')} loading={formik.isSubmitting} data-testid="ticket-note-add" />
    </form>
  );
}
