import { lazy } from 'react';
import { TAGS_PERMISSIONS, TAGS_PLAN_FLAGS } from '@atendo/contracts/tags';
import { defineConsoleFeature } from '../feature';
import { tagsTranslations } from './i18n';

// Loaded when first opened.
const TagsPage = lazy(() => import('./TagsPage').then((m) => ({ default: m.TagsPage })));
const KanbanPage = lazy(() => import('./KanbanPage').then((m) => ({ default: m.KanbanPage })));

/** Tags, and the kanban: its lanes are the tags marked as lanes, its cards the tickets that carry them. */
export const tagsFeature = defineConsoleFeature('tags', tagsTranslations, {
  planFlags: [TAGS_PLAN_FLAGS],
  permissions: [TAGS_PERMISSIONS],
  pages: [
    { path: '/tags', access: 'private', element: <TagsPage /> },
    { path: '/kanban', access: 'private', element: <KanbanPage /> },
  ],
  menu: [
    { path: '/kanban', label: 'kanban', icon: 'th-list', group: 'main', order: 40, planFlags: ['useKanban'] },
    { path: '/tags', label: 'tags', icon: 'tag', group: 'main', order: 80 },
  ],
  channels: ['tag', 'ticket'],
});
