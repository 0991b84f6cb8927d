import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { quickMessagesTranslations } from './i18n';
import { useQuickAnswerTool } from './useQuickAnswerSource';

// Loaded when first opened.
const QuickMessagesPage = lazy(() => import('./QuickMessagesPage').then((m) => ({ default: m.QuickMessagesPage })));

export const quickMessagesFeature = defineConsoleFeature('quickMessages', quickMessagesTranslations, {
  pages: [{ path: '/quick-messages', access: 'private', element: <QuickMessagesPage /> }],
  menu: [{ path: '/quick-messages', label: 'quickMessages', icon: 'flash', group: 'main', order: 30 }],
  channels: ['quickmessage'],
  parts: { messageInputTools: [useQuickAnswerTool] },
});
