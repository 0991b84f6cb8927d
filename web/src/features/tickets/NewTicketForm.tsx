import { newTicketSchema, type Contact, type QueueRef, type Ticket, type Whatsapp } from '@atendo/contracts';
import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useFormik, type FormikErrors } from 'formik';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { showRefusal, validateWith } from '../../ui/formErrors';
import { SelectField } from '../../ui/SelectField';
import { toastError } from '../../ui/toaster';
import { useCan } from '../../app/useCan';
import { userAtom } from '../../app/sessionAtoms';
import { lookups } from '../../api/lookups';
import { ContactSearch } from './ContactSearch';
import { ticketsApi } from './ticketsApi';

interface NewTicketValues {
  contactId: number | null;
  queueId: number | null;
  whatsappId: number | undefined;
}

/** What a 409 ERR_OTHER_OPEN_TICKET says of the contact's ticket: who holds it and in which queue (names may be null). */
interface HeldTicket {
  ticketId: number;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
}

interface NewTicketFormProps {
  /** The contact already chosen (the contacts page's "start ticket"); it can still be changed. */
  contact?: Contact;
  onCancel(): void;
  onCreated(ticket: Ticket): void;
}

type Connection = Pick<Whatsapp, 'id' | 'name' | 'isDefault'>;

const fromSelect = (value: string) => (value === '' ? null : Number(value));

/**
 * A new ticket with a known contact (POST /tickets): the contact, searched on the server; a queue, the user's own
 * (an admin's: any, or none); the connection, the user's own or else the company's default.
 */
export function NewTicketForm({ contact: given, onCancel, onCreated }: NewTicketFormProps) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  // Admins hold every queue (spec §6): any of the company's, or none at all.
  const admin = useCan()('tickets:anyQueue');
  const [contact, setContact] = useState<Contact | null>(given ?? null);
  const [queues, setQueues] = useState<QueueRef[]>(admin ? [] : (user?.queues ?? []));
  const [connections, setConnections] = useState<Connection[]>([]);
  const [held, setHeld] = useState<HeldTicket>();

  const labels: Record<string, string> = { contactId: t('tickets.newTicket.contact'), queueId: t('tickets.newTicket.queue'), whatsappId: t('tickets.newTicket.connection') };
  const describe = (field: string, message: string) => t('tickets.newTicket.fieldError', { field: labels[field] ?? field, message });
  const validateRequest = validateWith<NewTicketValues>(newTicketSchema, { describe });

  const formik = useFormik<NewTicketValues>({
    initialValues: { contactId: given?.id ?? null, queueId: null, whatsappId: undefined },
    validate: async (values) => {
      const errors: FormikErrors<NewTicketValues> = await validateRequest(values);
      // Spec §5: a queue must be chosen unless admin.
      if (values.queueId === null && !admin) errors.queueId = t('tickets.newTicket.selectQueue');
      return errors;
    },
    onSubmit: async (values, helpers) => {
      setHeld(undefined);
      try {
        onCreated(await ticketsApi.create({ contactId: values.contactId!, queueId: values.queueId, whatsappId: values.whatsappId, status: 'open' }));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'ERR_OTHER_OPEN_TICKET') {
          setHeld(error.details as HeldTicket);
          toastError(error);
        } else showRefusal<NewTicketValues>(error, helpers.setErrors, { describe });
      }
    },
  });
  const { setFieldValue } = formik;

  useEffect(() => {
    let live = true;
    if (admin) lookups.queues().then((list) => live && setQueues(list), toastError);
    lookups.connections().then((list) => {
      if (!live) return;
      setConnections(list);
      const preferred = list.find((c) => c.id === user?.whatsappId) ?? list.find((c) => c.isDefault) ?? list[0];
      void setFieldValue('whatsappId', preferred?.id, false);
    }, toastError);
    return () => {
      live = false;
    };
  }, [admin, user?.whatsappId, setFieldValue]);

  const errorOf = (field: keyof NewTicketValues) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
  const intentOf = (field: keyof NewTicketValues) => (errorOf(field) ? Intent.DANGER : Intent.NONE);

  // Under the chosen contact's name, its number: two customers may share a name.
  const chosenContact = contact && (contact.isGroup ? t('tickets.newTicket.group') : contact.number);

  const chooseContact = (chosen: Contact | null) => {
    setContact(chosen);
    setHeld(undefined);
    void formik.setFieldValue('contactId', chosen?.id ?? null);
  };

  return (
    <form onSubmit={formik.handleSubmit} noValidate data-testid="new-ticket-dialog">
      <DialogBody>
        <FormGroup label={labels.contactId} labelFor="new-ticket-contact" helperText={errorOf('contactId') ?? chosenContact} intent={intentOf('contactId')}>
          <ContactSearch id="new-ticket-contact" selected={contact} onSelect={chooseContact} error={errorOf('contactId')} />
        </FormGroup>
        <SelectField
          id="new-ticket-queue"
          name="queueId"
          label={labels.queueId}
          error={errorOf('queueId')}
          aria-invalid={errorOf('queueId') ? true : undefined}
          value={formik.values.queueId ?? ''}
          onChange={(event) => void formik.setFieldValue('queueId', fromSelect(event.currentTarget.value))}
          onBlur={() => void formik.setFieldTouched('queueId')}
          options={[
            { value: '', label: admin ? t('tickets.newTicket.noQueue') : t('tickets.newTicket.queuePlaceholder'), disabled: !admin },
            ...queues.map((q) => ({ value: q.id, label: q.name })),
          ]}
        />
        <SelectField
          id="new-ticket-connection"
          name="whatsappId"
          label={labels.whatsappId}
          value={formik.values.whatsappId ?? ''}
          onChange={(event) => void formik.setFieldValue('whatsappId', Number(event.currentTarget.value))}
          options={connections.map((c) => ({ value: c.id, label: c.isDefault ? t('tickets.newTicket.defaultConnection', { name: c.name }) : c.name }))}
        />
        {held && (
          <Callout intent={Intent.WARNING} icon="person" title={t('errors.ERR_OTHER_OPEN_TICKET')} data-testid="new-ticket-held">
            <div>
              {held.userId === null
                ? t('tickets.newTicket.otherOpen.waiting')
                : held.userId === user?.id
                  ? t('tickets.newTicket.otherOpen.you')
                  : t('tickets.newTicket.otherOpen.holder', { name: held.userName ?? '' })}
            </div>
            <div>{held.queueName ? t('tickets.newTicket.otherOpen.queue', { name: held.queueName }) : t('tickets.newTicket.otherOpen.noQueue')}</div>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('tickets.newTicket.cancel')} onClick={onCancel} disabled={formik.isSubmitting} data-testid="new-ticket-cancel" />
            <Button type="submit" intent={Intent.PRIMARY} text={t('tickets.newTicket.confirm')} loading={formik.isSubmitting} data-testid="new-ticket-confirm" />
          </>
        }
      />
    </form>
  );
}
