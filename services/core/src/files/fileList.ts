import type { FileListEvent, FileListFields, FileListOptionFile } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { type Migration, DomainError, streamId, idSequences } from '@atendo/platform';

/** An option as the write side knows it: enough to rename, remove and replace its file. */
export interface FileListOptionState {
  id: number;
  name: string;
  file: FileListOptionFile | null;
}

export type FileListState =
  | { status: 'absent' }
  | { status: 'live'; id: number; fields: FileListFields; options: FileListOptionState[] }
  | { status: 'deleted'; id: number };

/** A new option's name with the id the API took for it from the `fileListOption` sequence. */
export interface NewFileListOption {
  id: number;
  name: string;
}

export type FileListCommand =
  | { type: 'create'; id: number; fields: FileListFields; options: NewFileListOption[] }
  /**
   * A change from the list's form. `options`, when given, is the whole set: `keep` are options the list has (renamed when
   * their name differs), `add` are new ones; an option the list has that is in neither is removed.
   */
  | { type: 'update'; changes: Partial<Pick<FileListFields, 'name' | 'message'>>; options?: { keep: NewFileListOption[]; add: NewFileListOption[] } }
  | { type: 'attachFile'; optionId: number; file: FileListOptionFile }
  | { type: 'delete' };

const notFound = (id?: number) => new DomainError('ERR_FILE_LIST_NOT_FOUND', id === undefined ? undefined : `File list ${id} not found`, undefined, 404);
const optionNotFound = (id: number, optionId: number) =>
  new DomainError('ERR_FILE_LIST_OPTION_NOT_FOUND', `File list ${id} has no option ${optionId}`, undefined, 404);

function live(state: FileListState): Extract<FileListState, { status: 'live' }> {
  if (state.status !== 'live') throw notFound(state.status === 'deleted' ? state.id : undefined);
  return state;
}

function decideUpdate(state: Extract<FileListState, { status: 'live' }>, command: Extract<FileListCommand, { type: 'update' }>): FileListEvent[] {
  const { id, fields, options } = state;
  const events: FileListEvent[] = [];
  const changes = Object.fromEntries(Object.entries(command.changes).filter(([key, value]) => value !== undefined && fields[key as keyof FileListFields] !== value));
  if (Object.keys(changes).length > 0) events.push({ type: 'FileListUpdated', data: { id, changes } });
  if (!command.options) return events;
  const { keep, add } = command.options;
  const byId = new Map(options.map((o) => [o.id, o]));
  for (const kept of keep) if (!byId.has(kept.id)) throw optionNotFound(id, kept.id);
  for (const added of add) {
    if (byId.has(added.id)) throw new DomainError('ERR_VALIDATION', `File list ${id} already has an option ${added.id}`);
  }
  const kept = new Set(keep.map((o) => o.id));
  for (const option of options) if (!kept.has(option.id)) events.push({ type: 'FileListOptionRemoved', data: { id, optionId: option.id } });
  for (const option of keep) {
    if (byId.get(option.id)!.name !== option.name) events.push({ type: 'FileListOptionRenamed', data: { id, optionId: option.id, name: option.name } });
  }
  for (const option of add) events.push({ type: 'FileListOptionAdded', data: { id, optionId: option.id, name: option.name } });
  return events;
}

/**
 * A file list: its name and message, and its options, each a name and (once uploaded) a file. One stream per list, so
 * a change of the form (name, message and the set of options) is decided at once against the options the list has.
 */
export const fileListDecider: Decider<FileListCommand, FileListEvent, FileListState> = {
  initialState: () => ({ status: 'absent' }),
  evolve(state, event) {
    if (event.type === 'FileListCreated') {
      const { id, options, ...fields } = event.data;
      return { status: 'live', id, fields, options: options.map((o) => ({ id: o.id, name: o.name, file: null })) };
    }
    if (state.status !== 'live') return state;
    switch (event.type) {
      case 'FileListUpdated':
        return { ...state, fields: { ...state.fields, ...event.data.changes } };
      case 'FileListOptionAdded':
        return { ...state, options: [...state.options, { id: event.data.optionId, name: event.data.name, file: null }] };
      case 'FileListOptionRenamed':
        return { ...state, options: state.options.map((o) => (o.id === event.data.optionId ? { ...o, name: event.data.name } : o)) };
      case 'FileListOptionRemoved':
        return { ...state, options: state.options.filter((o) => o.id !== event.data.optionId) };
      case 'FileListOptionFileAttached': {
        const { id: _list, optionId, ...file } = event.data;
        return { ...state, options: state.options.map((o) => (o.id === optionId ? { ...o, file } : o)) };
      }
      case 'FileListDeleted':
        return { status: 'deleted', id: state.id };
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create': {
        if (state.status !== 'absent') throw new DomainError('ERR_VALIDATION', `File list ${command.id} already exists`);
        return [{ type: 'FileListCreated', data: { id: command.id, ...command.fields, options: command.options.map(({ id, name }) => ({ id, name })) } }];
      }
      case 'update':
        return decideUpdate(live(state), command);
      case 'attachFile': {
        const list = live(state);
        if (!list.options.some((o) => o.id === command.optionId)) throw optionNotFound(list.id, command.optionId);
        return [{ type: 'FileListOptionFileAttached', data: { id: list.id, optionId: command.optionId, ...command.file } }];
      }
      case 'delete':
        return [{ type: 'FileListDeleted', data: { id: live(state).id } }];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

export const fileListStream = (companyId: number, id: number) => streamId('fileList', companyId, id);

export const fileListIdMigrations: Migration[] = [idSequences('202611281341_file_list_ids', 'fileList', 'fileListOption')];
