import { H3, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { cardsOf, OPEN_LANE } from './kanbanBoard';
import { KanbanLane } from './KanbanLane';
import { useKanban } from './useKanban';
import './kanban.css';

/**
 * /kanban (spec: Kanban): an open lane for tickets without a kanban tag and one lane per kanban tag; a card dragged
 * to another lane changes its tag. Only in the side menu when the plan has kanban (the API refuses it otherwise).
 */
export function KanbanPage() {
  const { t } = useTranslation();
  const kanban = useKanban();
  const { lanes, loading, move } = kanban;
  return (
    <div className="shell-page kanban-root" data-testid="page">
      <div className="kanban-page">
        <div className="kanban-header">
          <H3>{t('kanban.title')}</H3>
          {loading && <Spinner size={16} />}
        </div>
        <div className="kanban-board" data-testid="kanban-board">
          <KanbanLane id={OPEN_LANE} tickets={cardsOf(kanban, OPEN_LANE)} lanes={lanes} onMove={(id, to) => void move(id, to)} />
          {lanes.map((lane) => (
            <KanbanLane key={lane.id} id={lane.id} tag={lane} tickets={cardsOf(kanban, lane.id)} lanes={lanes} onMove={(id, to) => void move(id, to)} />
          ))}
          {!loading && lanes.length === 0 && <NonIdealState className="kanban-no-lanes" icon="tag" description={t('kanban.noLanes')} />}
        </div>
      </div>
    </div>
  );
}
