import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const MessagesApiPage = lazy(() => import('./MessagesApiPage').then((m) => ({ default: m.MessagesApiPage })));

export const messagesApiFeature: ConsoleFeature = {
  name: 'messagesApi',
  pages: [{ path: '/messages-api', access: 'private', element: <MessagesApiPage /> }],
};
