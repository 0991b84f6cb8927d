import type { FileListFields, FileListOptionFile } from './fileList.js';

/**
 * A file list and its options, one stream (`fileList-{companyId}.{id}`): the record, each option added, renamed or
 * removed, and the file attached to an option (attaching again replaces it).
 */
export type FileListEvent =
  | { type: 'FileListCreated'; data: { id: number; options: Array<{ id: number; name: string }> } & FileListFields }
  | { type: 'FileListUpdated'; data: { id: number; changes: Partial<Pick<FileListFields, 'name' | 'message'>> } }
  | { type: 'FileListOptionAdded'; data: { id: number; optionId: number; name: string } }
  | { type: 'FileListOptionRenamed'; data: { id: number; optionId: number; name: string } }
  | { type: 'FileListOptionRemoved'; data: { id: number; optionId: number } }
  | { type: 'FileListOptionFileAttached'; data: { id: number; optionId: number } & FileListOptionFile }
  | { type: 'FileListDeleted'; data: { id: number } };

export const FILE_LIST_EVENT_TYPES = [
  'FileListCreated',
  'FileListUpdated',
  'FileListOptionAdded',
  'FileListOptionRenamed',
  'FileListOptionRemoved',
  'FileListOptionFileAttached',
  'FileListDeleted',
] as const satisfies ReadonlyArray<FileListEvent['type']>;
