import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const TagsPage = lazy(() => import('./TagsPage').then((m) => ({ default: m.TagsPage })));

export const tagsFeature: ConsoleFeature = {
  name: 'tags',
  pages: [{ path: '/tags', access: 'private', element: <TagsPage /> }],
};
