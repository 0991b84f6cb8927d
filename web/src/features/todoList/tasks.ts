/** A to-do task, kept only in this browser (spec: key `tasks`; text, createdAt, updatedAt). */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

export const TASKS_KEY = 'tasks';

/** The stored tasks; anything unreadable in the key is no tasks rather than a broken page. */
export function loadTasks(storage: Storage = localStorage): Task[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TASKS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((t): t is Task => typeof t === 'object' && t !== null && typeof (t as Task).text === 'string');
  } catch {
    return [];
  }
}

export function saveTasks(tasks: Task[], storage: Storage = localStorage): void {
  storage.setItem(TASKS_KEY, JSON.stringify(tasks));
}

/** Adds a task at the top; blank text is ignored (spec). */
export function addTask(tasks: Task[], text: string, now = new Date()): Task[] {
  const clean = text.trim();
  if (!clean) return tasks;
  const at = now.toISOString();
  return [{ text: clean, createdAt: at, updatedAt: at }, ...tasks];
}

/** Changes a task's text; blank text leaves it as it was. */
export function editTask(tasks: Task[], index: number, text: string, now = new Date()): Task[] {
  const clean = text.trim();
  if (!clean || !tasks[index]) return tasks;
  return tasks.map((t, i) => (i === index ? { ...t, text: clean, updatedAt: now.toISOString() } : t));
}

export const removeTask = (tasks: Task[], index: number): Task[] => tasks.filter((_, i) => i !== index);
