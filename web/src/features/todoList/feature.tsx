import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';
import { todoListTranslations } from './i18n';

// Loaded when first opened.
const TodoListPage = lazy(() => import('./TodoListPage').then((m) => ({ default: m.TodoListPage })));

export const todoListFeature = {
  name: 'todoList',
  pages: [{ path: '/todolist', access: 'private', element: <TodoListPage /> }],
  menu: [{ path: '/todolist', label: 'todolist', icon: 'tick-circle', group: 'main', order: 50 }],
  translations: todoListTranslations,
} satisfies ConsoleFeature;
