import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const KanbanPage = lazy(() => import('./KanbanPage').then((m) => ({ default: m.KanbanPage })));

export const kanbanFeature: ConsoleFeature = {
  name: 'kanban',
  pages: [{ path: '/kanban', access: 'private', element: <KanbanPage /> }],
};
