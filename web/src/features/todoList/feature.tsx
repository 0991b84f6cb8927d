import { lazy } from 'react';
import { defineConsoleFeature } from '../feature';
import { todoListTranslations } from './i18n';

// Loaded when first opened.
const TodoListPage = lazy(() => import('./TodoListPage').then((m) => ({ default: m.TodoListPage })));

export const todoListFeature = defineConsoleFeature('todoList', todoListTranslations, {
  pages: [{ path: '/todolist', access: 'private', element: <TodoListPage /> }],
  menu: [{ path: '/todolist', label: 'todolist', icon: 'tick-circle', group: 'main', order: 50 }],
});
