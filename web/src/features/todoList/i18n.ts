/** The to-do list's texts. The console merges every feature's bundle (web/src/i18n/resources.ts). */
const en = {
  menu: { todolist: 'Tasks' },
  todoList: {
    title: 'To-do list',
    placeholder: 'New task',
    add: 'Add',
    save: 'Save',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    empty: 'Nothing to do',
    emptyHint: 'Your tasks stay in this browser only.',
    updated: 'Changed {{when}}',
  },
};

export const todoListTranslations = {
  en,
  pt: {
    menu: { todolist: 'Tarefas' },
    todoList: {
      title: 'Lista de tarefas',
      placeholder: 'Nova tarefa',
      add: 'Adicionar',
      save: 'Salvar',
      cancel: 'Cancelar',
      edit: 'Editar',
      delete: 'Excluir',
      empty: 'Nada a fazer',
      emptyHint: 'Suas tarefas ficam apenas neste navegador.',
      updated: 'Alterada em {{when}}',
    },
  } satisfies typeof en,
  es: {
    menu: { todolist: 'Tareas' },
    todoList: {
      title: 'Lista de tareas',
      placeholder: 'Nueva tarea',
      add: 'Agregar',
      save: 'Guardar',
      cancel: 'Cancelar',
      edit: 'Editar',
      delete: 'Eliminar',
      empty: 'Nada por hacer',
      emptyHint: 'Tus tareas se quedan solo en este navegador.',
      updated: 'Modificada {{when}}',
    },
  } satisfies typeof en,
};
