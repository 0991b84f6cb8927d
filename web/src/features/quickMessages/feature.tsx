import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const QuickMessagesPage = lazy(() => import('./QuickMessagesPage').then((m) => ({ default: m.QuickMessagesPage })));

export const quickMessagesFeature: ConsoleFeature = {
  name: 'quickMessages',
  pages: [{ path: '/quick-messages', access: 'private', element: <QuickMessagesPage /> }],
};
