import { lazy } from 'react';
import type { ConsoleFeature } from '../feature';

// Loaded when first opened.
const TodoListPage = lazy(() => import('./TodoListPage').then((m) => ({ default: m.TodoListPage })));

export const todoListFeature: ConsoleFeature = {
  name: 'todoList',
  pages: [{ path: '/todolist', access: 'private', element: <TodoListPage /> }],
};
