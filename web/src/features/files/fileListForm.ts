import type { FileListOptionView, FileListSummary, FileListView } from '@atendo/contracts';
import type { FileListValues } from './filesApi';

/** One option of the form: its name, its saved state (once the list is saved) and a file waiting to be sent. */
export interface OptionRow {
  /** Stable across renders and saves (the option's id comes only once saved). */
  key: string;
  id?: number;
  name: string;
  saved?: FileListOptionView;
  file?: File;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: OptionRow[];
}

let keys = 0;
export const newRowKey = () => `option-${++keys}`;

export const formValuesOf = (list: FileListView | undefined): FileListFormValues => ({
  name: list?.name ?? '',
  message: list?.message ?? '',
  options: (list?.options ?? []).map((o) => ({ key: newRowKey(), id: o.id, name: o.name, saved: o })),
});

/** What the form sends (the files go apart, once the list is saved). */
export const bodyOf = (values: FileListFormValues): FileListValues => ({
  name: values.name,
  message: values.message,
  options: values.options.map((o) => (o.id === undefined ? { name: o.name } : { id: o.id, name: o.name })),
});

/**
 * The form's rows after a save: each keeps its place and its waiting file, and takes its saved option — a kept row by its
 * id, a new row by its order among the options the server added (it adds them in the order sent).
 */
export function rowsAfterSave(rows: OptionRow[], saved: FileListView): OptionRow[] {
  const sent = new Set(rows.map((r) => r.id).filter((id) => id !== undefined));
  const added = saved.options.filter((o) => !sent.has(o.id));
  let next = 0;
  return rows.map((row) => {
    const option = row.id === undefined ? added[next++] : saved.options.find((o) => o.id === row.id);
    return { ...row, id: option?.id, saved: option };
  });
}

export const summaryOf = (list: FileListView): FileListSummary => ({ id: list.id, name: list.name, message: list.message, optionsCount: list.options.length });
