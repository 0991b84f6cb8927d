import { MEDIA_ERRORS } from '@atendo/contracts/media';
import path from 'node:path';
import type { Knex } from 'knex';
import { LocalBlobStore, MediaStorage, mediaStorageMigrations, MediaUrls, mediaRoutes, removeStaleFiles, S3BlobStore, type MediaServices } from '@atendo/api';
import type { Config } from '../../config.js';
import { MediaSweeper } from './mediaSweeper.js';
import { defineFeature } from '../featureModule.js';

/** Where uploads wait while they are checked: on the data disk, not in a /tmp that may live in memory. */
export const uploadDirOf = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * The blob store the configuration names (an S3-compatible bucket, else BLOB_DIR), the companies' uploads within their
 * plans, and the signer of media URLs; what an earlier run left half-written (a crash mid-upload) is swept first.
 */
export async function openMedia(config: Config, secret: string, knex: Knex): Promise<MediaServices> {
  const uploadDir = uploadDirOf(config);
  await removeStaleFiles(uploadDir, 60 * 60_000);
  const blobs = config.s3 ? new S3BlobStore({ ...config.s3, tempDir: uploadDir }) : new LocalBlobStore(config.blobDir);
  if (blobs instanceof LocalBlobStore) await blobs.sweep();
  return { blobs, storage: new MediaStorage(blobs, knex), urls: new MediaUrls(secret) };
}

declare module '../../platform/services.js' {
  interface Services {
    /** Media files: the blob store, the companies' uploads within their plans and the signer of their URLs (the media feature's). */
    media: MediaServices;
  }
}

/**
 * Media files of the companies (decision 0019): POST /media stores them, GET /public/… serves them; each company keeps
 * what its plan's `storageMb` allows, and the jobs role collects uploads nothing used (decision 0040).
 */
export const media = defineFeature({
  name: 'media',
  migrations: mediaStorageMigrations,
  // Other features store and sign files through it (campaigns, flows, schedules …), the gateway too.
  provides: async ({ config, jwtSecret, knex }) => ({ media: await openMedia(config, jwtSecret, knex) }),
  routes: ({ api, media: services }) => mediaRoutes({ ...services, api }),
  errors: MEDIA_ERRORS,
  processes: ({ media: services, databaseUrl, log, clock }) => [new MediaSweeper({ storage: services.storage, databaseUrl, log, clock })],
});
