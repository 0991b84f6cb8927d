import type { Tag, Ticket } from '@atendo/contracts';
import { Button, Card, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { OPEN_LANE, type LaneId } from './kanbanBoard';

interface KanbanCardProps {
  ticket: Ticket;
  lane: LaneId;
  lanes: Tag[];
  onMove(ticketId: number, to: LaneId): void;
}

/** The drag's data: the ticket's id. */
export const DRAG_TYPE = 'application/x-atendo-ticket';

/**
 * A ticket on the kanban (spec: its number, the contact's name and number, the last message, a see-ticket button).
 * It is dragged to another lane, or moved with its "move to" menu (keyboard and touch).
 */
export function KanbanCard({ ticket, lane, lanes, onMove }: KanbanCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const all: Array<{ id: LaneId; name: string }> = [{ id: OPEN_LANE, name: t('kanban.openLane') }, ...lanes.map((l) => ({ id: l.id, name: l.name }))];
  const targets = all.filter((l) => l.id !== lane);
  return (
    <Card
      className="kanban-card"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(ticket.id));
        event.dataTransfer.setData('text/plain', String(ticket.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
    >
      <div className="kanban-card-head">
        <strong data-testid="kanban-card-number">#{ticket.id}</strong>
        <span className="kanban-card-name" title={ticket.contact.name} data-testid="kanban-card-name">
          {ticket.contact.name}
        </span>
        <Popover
          placement="bottom-end"
          content={
            <Menu aria-label={t('kanban.moveTo')}>
              {targets.map((target) => (
                <MenuItem key={target.id} text={target.name} onClick={() => onMove(ticket.id, target.id)} data-testid="kanban-move-target" />
              ))}
            </Menu>
          }
        >
          <Button size="small" variant="minimal" icon="arrows-horizontal" aria-label={t('kanban.moveTo')} title={t('kanban.moveTo')} data-testid="kanban-card-move" />
        </Popover>
      </div>
      <div className="kanban-card-phone" data-testid="kanban-card-contact-number">
        {ticket.contact.number}
      </div>
      <div className="kanban-card-last" title={ticket.lastMessage} data-testid="kanban-card-last">
        {ticket.lastMessage}
      </div>
      <Button size="small" icon="eye-open" text={t('kanban.seeTicket')} onClick={() => navigate(`/tickets/${ticket.uuid}`)} data-testid="kanban-card-see" />
    </Card>
  );
}
