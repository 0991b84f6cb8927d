import type { Ticket, TicketNote } from '@atendo/contracts';
import { Classes, H5, Spinner, SpinnerSize } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemove, type RemoveWording } from '../../ui/listPage/ConfirmRemove';
import { toastError, toastSuccess } from '../../ui/toaster';
import { userAtom } from '../../app/sessionAtoms';
import { TicketNoteForm } from './TicketNoteForm';
import { TicketNoteItem } from './TicketNoteItem';
import { ticketNotesApi } from './ticketNotesApi';
import './ticketNotes.css';

const newestFirst = (a: TicketNote, b: TicketNote) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/**
 * The ticket's notes, newest first, with a form to add one; a note's author or an admin may delete it (as the server
 * allows). A section of the contact's drawer on the tickets screen (this feature's part `contactDrawer`).
 */
export function TicketNotes({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const [notes, setNotes] = useState<TicketNote[]>();
  const [deleting, setDeleting] = useState<TicketNote>();
  const ticketId = ticket.id;
  const contactId = ticket.contact.id;

  const load = useCallback(
    () =>
      ticketNotesApi.list(ticketId, contactId).then(
        (list) => setNotes([...list].sort(newestFirst)),
        (error: unknown) => {
          toastError(error);
          setNotes((shown) => shown ?? []);
        },
      ),
    [ticketId, contactId],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (note: TicketNote) => {
    await ticketNotesApi.remove(note.id);
    toastSuccess(t('ticketNotes.deleted'));
    await load();
  };

  let list;
  if (notes === undefined) list = <Spinner size={SpinnerSize.SMALL} />;
  else if (notes.length === 0) list = <p className={Classes.TEXT_MUTED}>{t('ticketNotes.empty')}</p>;
  else
    list = (
      <ul className="ticket-notes">
        {notes.map((note) => (
          <TicketNoteItem key={note.id} note={note} deletable={note.user.id === me?.id || me?.profile === 'admin'} onDelete={() => setDeleting(note)} />
        ))}
      </ul>
    );

  const removal: RemoveWording = { title: t('ticketNotes.deleteDialog.title'), confirm: t('ticketNotes.deleteDialog.confirm'), cancel: t('ticketNotes.deleteDialog.cancel') };
  return (
    <section className="contact-drawer-notes" aria-labelledby="contact-drawer-notes-title">
      <H5 id="contact-drawer-notes-title">{t('ticketNotes.title')}</H5>
      <TicketNoteForm ticketId={ticketId} contactId={contactId} onAdded={load} />
      {list}
      <ConfirmRemove record={deleting} words={removal} onConfirm={remove} onClose={() => setDeleting(undefined)} testId="ticket-note-delete-confirm">
        {t('ticketNotes.deleteDialog.text', { name: deleting?.user.name ?? '' })}
      </ConfirmRemove>
    </section>
  );
}
