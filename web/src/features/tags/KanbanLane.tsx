import type { Tag, Ticket } from '@atendo/contracts';
import { NonIdealState, Tag as Chip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOn } from './TagChip';
import { DRAG_TYPE, KanbanCard } from './KanbanCard';
import { OPEN_LANE, type LaneId } from './kanbanBoard';

interface KanbanLaneProps {
  id: LaneId;
  /** The lane's tag (none: the open lane). */
  tag?: Tag;
  tickets: Ticket[];
  lanes: Tag[];
  onMove(ticketId: number, to: LaneId): void;
}

/** A column of the kanban: its title in the tag's colour, how many cards, and the cards; a card dropped here moves. */
export function KanbanLane({ id, tag, tickets, lanes, onMove }: KanbanLaneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const title = tag ? tag.name : t('kanban.openLane');
  return (
    <section
      className={`kanban-lane${over ? ' kanban-lane-over' : ''}`}
      aria-label={title}
      data-testid="kanban-lane"
      data-lane={id === OPEN_LANE ? OPEN_LANE : String(id)}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const ticketId = Number(event.dataTransfer.getData(DRAG_TYPE));
        if (!Number.isSafeInteger(ticketId) || ticketId <= 0) return;
        event.preventDefault();
        onMove(ticketId, id);
      }}
    >
      <header className="kanban-lane-header" style={tag ? { backgroundColor: tag.color, color: textOn(tag.color) } : undefined}>
        <span className="kanban-lane-title" data-testid="kanban-lane-title">
          {title}
        </span>
        <Chip round minimal data-testid="kanban-lane-count">
          {tickets.length}
        </Chip>
      </header>
      <div className="kanban-lane-cards">
        {tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} lane={id} lanes={lanes} onMove={onMove} />
        ))}
        {tickets.length === 0 && <NonIdealState className="kanban-lane-empty" description={t('kanban.emptyLane')} />}
      </div>
    </section>
  );
}
