import { describe, expect, it } from 'vitest';
import type { FileListEvent } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { fileListDecider } from './fileList.js';

const pdf = { path: '/public/1/2026/11/a.pdf', mediaType: 'application' as const, mime: 'application/pdf', fileName: 'tabela_de_precos.pdf' };

describe('file lists', () => {
  const spec = deciderSpec(fileListDecider);
  const fields = { companyId: 1, name: 'Catálogo', message: 'Veja nossos arquivos' };
  const created: FileListEvent = { type: 'FileListCreated', data: { id: 5, ...fields, options: [{ id: 11, name: 'Preços' }, { id: 12, name: 'Fotos' }] } };
  const deleted: FileListEvent = { type: 'FileListDeleted', data: { id: 5 } };

  it('are created with their options, none of which has a file yet', () => {
    spec.given([]).when({ type: 'create', id: 5, fields, options: [{ id: 11, name: 'Preços' }, { id: 12, name: 'Fotos' }] }).then([created]);
    spec.given([]).when({ type: 'create', id: 5, fields, options: [] }).thenState((s) => expect(s).toMatchObject({ status: 'live', options: [] }));
    spec.given([created]).when({ type: 'create', id: 5, fields, options: [] }).thenThrows('ERR_VALIDATION');
  });

  it('change name and message only where they differ', () => {
    spec.given([created]).when({ type: 'update', changes: { name: 'Catálogo', message: 'Novidades' } }).then([{ type: 'FileListUpdated', data: { id: 5, changes: { message: 'Novidades' } } }]);
    spec.given([created]).when({ type: 'update', changes: { name: 'Catálogo' } }).then([]);
  });

  it('take the whole set of options from the form: kept ones renamed, missing ones removed, new ones added', () => {
    spec
      .given([created])
      .when({ type: 'update', changes: {}, options: { keep: [{ id: 12, name: 'Fotos 2026' }], add: [{ id: 13, name: 'Vídeo' }] } })
      .then([
        { type: 'FileListOptionRemoved', data: { id: 5, optionId: 11 } },
        { type: 'FileListOptionRenamed', data: { id: 5, optionId: 12, name: 'Fotos 2026' } },
        { type: 'FileListOptionAdded', data: { id: 5, optionId: 13, name: 'Vídeo' } },
      ]);
    spec.given([created]).when({ type: 'update', changes: {}, options: { keep: [{ id: 11, name: 'Preços' }, { id: 12, name: 'Fotos' }], add: [] } }).then([]);
    // An option the list does not have (another list's, or one removed meanwhile) is refused, nothing half-done.
    spec.given([created]).when({ type: 'update', changes: { name: 'Outro' }, options: { keep: [{ id: 99, name: 'x' }], add: [] } }).thenThrows('ERR_FILE_LIST_OPTION_NOT_FOUND');
    spec.given([created]).when({ type: 'update', changes: {}, options: { keep: [], add: [{ id: 11, name: 'x' }] } }).thenThrows('ERR_VALIDATION');
  });

  it("attach a file to one of its options, replacing the one before", () => {
    const attached: FileListEvent = { type: 'FileListOptionFileAttached', data: { id: 5, optionId: 11, ...pdf } };
    spec.given([created]).when({ type: 'attachFile', optionId: 11, file: pdf }).then([attached]);
    spec
      .given([created, attached])
      .when({ type: 'attachFile', optionId: 11, file: { ...pdf, path: '/public/1/2026/11/b.pdf' } })
      .thenState((s) => expect(s.status === 'live' && s.options.find((o) => o.id === 11)?.file?.path).toBe('/public/1/2026/11/b.pdf'));
    spec.given([created]).when({ type: 'attachFile', optionId: 13, file: pdf }).thenThrows('ERR_FILE_LIST_OPTION_NOT_FOUND');
    // A removed option takes no file any more.
    spec.given([created, { type: 'FileListOptionRemoved', data: { id: 5, optionId: 11 } }]).when({ type: 'attachFile', optionId: 11, file: pdf }).thenThrows('ERR_FILE_LIST_OPTION_NOT_FOUND');
  });

  it('are not found once deleted, nor before they exist', () => {
    spec.given([created]).when({ type: 'delete' }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'delete' }).thenThrows('ERR_FILE_LIST_NOT_FOUND');
    spec.given([created, deleted]).when({ type: 'update', changes: { name: 'Outro' } }).thenThrows('ERR_FILE_LIST_NOT_FOUND');
    spec.given([created, deleted]).when({ type: 'attachFile', optionId: 11, file: pdf }).thenThrows('ERR_FILE_LIST_NOT_FOUND');
    spec.given([]).when({ type: 'update', changes: { name: 'Outro' } }).thenThrows('ERR_FILE_LIST_NOT_FOUND');
  });
});
