import type { Queue, Ticket, UpdateTicketRequest, UserRef, Whatsapp } from '@atendo/contracts';
import { Button, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField';
import { toastError } from '../../ui/toaster';
import { lookups } from '../../api/lookups';
import { ticketsApi } from './ticketsApi';
import { TransferUserSearch } from './TransferUserSearch';

interface TransferFormProps {
  ticket: Ticket;
  onCancel(): void;
  onTransferred(ticket: Ticket): void;
}

/**
 * The transfer's choices: a user (optional), a queue (required: without one nothing is sent, spec §5) and the
 * connection, the ticket's own unless changed. PUT /tickets/{id} with `{ queueId, userId, whatsappId? }`.
 */
export function TransferForm({ ticket, onCancel, onTransferred }: TransferFormProps) {
  const { t } = useTranslation();
  const [user, setUser] = useState<UserRef | null>(null);
  const [queueId, setQueueId] = useState('');
  const [whatsappId, setWhatsappId] = useState(String(ticket.whatsappId));
  const [queues, setQueues] = useState<Queue[]>([]);
  const [connections, setConnections] = useState<Array<Pick<Whatsapp, 'id' | 'name'>>>(ticket.whatsapp ? [ticket.whatsapp] : []);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    lookups.queues().then((list) => live && setQueues(list), toastError);
    lookups.connections().then((list) => live && setConnections(list), toastError);
    return () => {
      live = false;
    };
  }, []);

  const transfer = async () => {
    if (queueId === '') return;
    const change: UpdateTicketRequest = {
      queueId: Number(queueId),
      userId: user?.id ?? null,
      ...(Number(whatsappId) === ticket.whatsappId ? {} : { whatsappId: Number(whatsappId) }),
    };
    setSending(true);
    try {
      onTransferred(await ticketsApi.update(ticket.id, change));
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div data-testid="transfer-dialog">
      <DialogBody>
        <FormGroup label={t('tickets.transfer.user')} labelFor="transfer-user" helperText={user ? undefined : t('tickets.transfer.userHelper')}>
          <TransferUserSearch id="transfer-user" selected={user} onSelect={setUser} />
        </FormGroup>
        <SelectField
          id="transfer-queue"
          label={t('tickets.transfer.queue')}
          value={queueId}
          onChange={(event) => setQueueId(event.currentTarget.value)}
          options={[{ value: '', label: t('tickets.transfer.queuePlaceholder'), disabled: true }, ...queues.map((q) => ({ value: String(q.id), label: q.name }))]}
        />
        <SelectField id="transfer-connection" label={t('tickets.transfer.connection')} value={whatsappId} onChange={(event) => setWhatsappId(event.currentTarget.value)} options={connections.map((c) => ({ value: String(c.id), label: c.name }))} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('tickets.transfer.cancel')} onClick={onCancel} disabled={sending} data-testid="transfer-cancel" />
            <Button
              intent={Intent.PRIMARY}
              text={t('tickets.transfer.confirm')}
              disabled={queueId === ''}
              loading={sending}
              onClick={() => void transfer()}
              data-testid="transfer-confirm"
            />
          </>
        }
      />
    </div>
  );
}
