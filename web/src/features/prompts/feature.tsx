import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const PromptsPage = lazy(() => import('./PromptsPage').then((m) => ({ default: m.PromptsPage })));

export const promptsFeature: ConsoleFeature = {
  name: 'prompts',
  pages: [{ path: '/prompts', access: 'private', element: <PromptsPage /> }],
};
