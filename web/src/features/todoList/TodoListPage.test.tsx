import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TodoListPage } from './TodoListPage';
import { addTask, editTask, loadTasks, TASKS_KEY } from './tasks';

describe('to-do list', () => {
  beforeEach(() => localStorage.clear());

  it('adds, edits and deletes tasks, kept in this browser under `tasks`; blank text is ignored', () => {
    render(<TodoListPage />);
    const input = screen.getByTestId('todo-input');
    fireEvent.change(input, { target: { value: '   ' } });
    expect((screen.getByTestId('todo-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Ligar para a Ana' } });
    fireEvent.click(screen.getByTestId('todo-save'));
    fireEvent.change(input, { target: { value: 'Enviar boleto' } });
    fireEvent.submit(input.closest('form')!);
    expect(screen.getAllByTestId('todo-item').map((i) => i.textContent)).toEqual([expect.stringContaining('Enviar boleto'), expect.stringContaining('Ligar para a Ana')]);
    expect(loadTasks().map((t) => t.text)).toEqual(['Enviar boleto', 'Ligar para a Ana']);

    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    expect((input as HTMLInputElement).value).toBe('Ligar para a Ana');
    fireEvent.change(input, { target: { value: 'Ligar para a Ana às 15h' } });
    fireEvent.click(screen.getByTestId('todo-save'));
    expect(loadTasks().map((t) => t.text)).toEqual(['Enviar boleto', 'Ligar para a Ana às 15h']);

    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    expect(loadTasks().map((t) => t.text)).toEqual(['Ligar para a Ana às 15h']);
  });

  it('survives a key it cannot read, and keeps text, createdAt and updatedAt', () => {
    localStorage.setItem(TASKS_KEY, '{broken');
    expect(loadTasks()).toEqual([]);
    const added = addTask([], ' Revisar fila ', new Date('2026-11-25T10:00:00Z'));
    expect(added).toEqual([{ text: 'Revisar fila', createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z' }]);
    expect(editTask(added, 0, 'Revisar filas', new Date('2026-11-25T11:00:00Z'))[0]).toEqual({ text: 'Revisar filas', createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T11:00:00.000Z' });
    expect(editTask(added, 0, '  ')).toBe(added);
  });
});
