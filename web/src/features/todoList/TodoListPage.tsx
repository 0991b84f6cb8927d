import { Button, Card, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addTask, editTask, loadTasks, removeTask, saveTasks, type Task } from './tasks';
import './todoList.css';

/** The to-do list (spec: /todolist): the user's own tasks, kept only in this browser. */
export function TodoListPage() {
  const { t, i18n } = useTranslation();
  const [tasks, setTasks] = useState<Task[]>(() => loadTasks());
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const update = (next: Task[]) => {
    setTasks(next);
    saveTasks(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    update(editing === null ? addTask(tasks, text) : editTask(tasks, editing, text));
    setText('');
    setEditing(null);
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div className="shell-page todo-page" data-testid="page">
      <h2>{t('todoList.title')}</h2>
      <form className="todo-form" onSubmit={submit}>
        <InputGroup
          fill
          aria-label={t('todoList.placeholder')}
          placeholder={t('todoList.placeholder')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="todo-input"
        />
        <Button type="submit" intent={Intent.PRIMARY} disabled={!text.trim()} data-testid="todo-save">
          {editing === null ? t('todoList.add') : t('todoList.save')}
        </Button>
        {editing !== null && (
          <Button
            variant="minimal"
            onClick={() => {
              setEditing(null);
              setText('');
            }}
          >
            {t('todoList.cancel')}
          </Button>
        )}
      </form>
      {tasks.length === 0 ? (
        <NonIdealState icon="tick-circle" title={t('todoList.empty')} description={t('todoList.emptyHint')} />
      ) : (
        <ul className="todo-list" aria-label={t('todoList.title')}>
          {tasks.map((task, index) => (
            <li key={`${task.createdAt}-${index}`}>
              <Card compact className="todo-item" data-testid="todo-item">
                <div className="todo-text">
                  <span>{task.text}</span>
                  <small>{t('todoList.updated', { when: when(task.updatedAt) })}</small>
                </div>
                <Button
                  icon="edit"
                  variant="minimal"
                  aria-label={t('todoList.edit')}
                  title={t('todoList.edit')}
                  onClick={() => {
                    setEditing(index);
                    setText(task.text);
                  }}
                />
                <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('todoList.delete')} title={t('todoList.delete')} onClick={() => update(removeTask(tasks, index))} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
