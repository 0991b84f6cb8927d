import type { TicketNote } from '@atendo/contracts';
import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../ui/dates';

interface TicketNoteItemProps {
  note: TicketNote;
  /** Its author or an admin: the only ones the server lets delete it. */
  deletable: boolean;
  onDelete(): void;
}

export function TicketNoteItem({ note, deletable, onDelete }: TicketNoteItemProps) {
  const { t } = useTranslation();
  return (
    <li className="ticket-note" data-testid="ticket-note" data-note-id={note.id}>
      <p className="ticket-note-text">{note.note}</p>
      <div className="ticket-note-footer">
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          {note.user.name} · <time dateTime={note.createdAt}>{`${formatDate(note.createdAt)} ${formatTime(note.createdAt)}`}</time>
        </span>
        {deletable && (
          <Button
            variant="minimal"
            size="small"
            icon="trash"
            aria-label={t('ticketNotes.delete')}
            title={t('ticketNotes.delete')}
            onClick={onDelete}
            data-testid="ticket-note-delete"
          />
        )}
      </div>
    </li>
  );
}
