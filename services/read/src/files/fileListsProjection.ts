import { FILE_LIST_EVENT_TYPES, type FileListEvent, type FileListFeedPayload, type RecordedEvent } from '@atendo/contracts';
import type { Projection } from '../projections/projection.js';
import { FileListQueries } from './queries.js';

/**
 * File lists and their options, for the /files page, a list's form and the campaigns that send them. The company's
 * admins hear each list created, changed (its options too) or deleted on the `file` channel, once per list and batch.
 */
export const fileListsProjection: Projection = {
  name: 'file_lists',
  tables: ['file_lists', 'file_list_options'],
  eventTypes: FILE_LIST_EVENT_TYPES,
  placementOnly: true,
  async apply(events, { trx, emit, rebuilding }) {
    /** What each touched list is to be announced as, in the order first touched. */
    const touched = new Map<number, { companyId: number; action: FileListFeedPayload['action'] }>();
    for (const recorded of events as RecordedEvent[]) {
      const { companyId, occurredAt: at } = recorded.metadata;
      const event = recorded as unknown as FileListEvent;
      const { id } = event.data;
      const touch = (action: FileListFeedPayload['action']) => {
        const before = touched.get(id)?.action;
        touched.set(id, { companyId, action: action === 'update' && before ? before : action });
      };
      const stamp = () => trx('file_lists').where({ id }).update({ updated_at: at });
      switch (event.type) {
        case 'FileListCreated': {
          const { options, name, message } = event.data;
          await trx('file_lists').insert({ id, company_id: companyId, name, message, created_at: at, updated_at: at }).onConflict('id').merge();
          if (options.length > 0) {
            await trx('file_list_options')
              .insert(options.map((o) => ({ id: o.id, company_id: companyId, file_list_id: id, name: o.name })))
              .onConflict('id')
              .merge();
          }
          touch('create');
          break;
        }
        case 'FileListUpdated':
          await trx('file_lists').where({ id }).update({ ...event.data.changes, updated_at: at });
          touch('update');
          break;
        case 'FileListOptionAdded':
          await trx('file_list_options').insert({ id: event.data.optionId, company_id: companyId, file_list_id: id, name: event.data.name }).onConflict('id').merge();
          await stamp();
          touch('update');
          break;
        case 'FileListOptionRenamed':
          await trx('file_list_options').where({ id: event.data.optionId }).update({ name: event.data.name });
          await stamp();
          touch('update');
          break;
        case 'FileListOptionRemoved':
          await trx('file_list_options').where({ id: event.data.optionId }).delete();
          await stamp();
          touch('update');
          break;
        case 'FileListOptionFileAttached': {
          const { optionId, path, mediaType, mime, fileName } = event.data;
          await trx('file_list_options').where({ id: optionId }).update({ path, media_type: mediaType, mime, file_name: fileName });
          await stamp();
          touch('update');
          break;
        }
        case 'FileListDeleted':
          await trx('file_list_options').where({ file_list_id: id }).delete();
          await trx('file_lists').where({ id }).delete();
          touched.set(id, { companyId, action: 'delete' });
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    }
    if (rebuilding) return;
    const queries = new FileListQueries(trx);
    for (const [id, { companyId, action }] of touched) {
      const audience = { kind: 'admins' } as const;
      if (action === 'delete') {
        emit({ companyId, channel: 'file', payload: { action, id } satisfies FileListFeedPayload, audience });
        continue;
      }
      const record = await queries.summary(companyId, id);
      if (record) emit({ companyId, channel: 'file', payload: { action, record } satisfies FileListFeedPayload, audience });
    }
  },
};
