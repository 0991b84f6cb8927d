import { FILES_CHANNELS, FILES_ERRORS } from '@atendo/contracts/files';
import { fileRoutes } from '@atendo/api';
import { fileListIdMigrations } from '@atendo/core';
import { fileListMigrations, fileListsProjection } from '@atendo/read';
import { defineFeature } from '../featureModule.js';

/** File lists (/files): a message and named files that campaigns send after their own message. */
export const files = defineFeature({
  name: 'files',
  errors: FILES_ERRORS,
  routes: ({ knex, store, ids, media, readYourWrites }) => fileRoutes({ knex, store, ids, storage: media.storage, urls: media.urls, readYourWrites }),
  migrations: [...fileListIdMigrations, ...fileListMigrations],
  projections: [fileListsProjection],
  channels: FILES_CHANNELS,
  probe: {
    resources: { 'files.id': 'fileList' },
    async make(b) {
      const fileList = await b.api<{ id: number }>('/files', { body: { name: 'Arquivos da B', message: 'da B', options: [{ name: 'opção da B' }] } });
      return { fileList: String(fileList.id) };
    },
    observe: (b) => b.api(`/files/${b.theirs.fileList}`),
    bodyIds: { fileListId: 'fileList', fileId: null },
  },
});
