import path from 'node:path';
import { LocalBlobStore, MediaUrls, mediaRoutes, removeStaleFiles, S3BlobStore, type MediaServices } from '@atendo/api';
import type { Config } from '../config.js';
import { defineFeature } from './featureModule.js';

/** Where uploads wait while they are checked: on the data disk, not in a /tmp that may live in memory. */
export const uploadDirOf = (config: Config) => path.join(config.dataDir, 'uploads');

/**
 * The blob store the configuration names (an S3-compatible bucket, else BLOB_DIR) and the signer of media URLs; what an
 * earlier run left half-written (a crash mid-upload) is swept first.
 */
export async function openMedia(config: Config, secret: string): Promise<MediaServices> {
  const uploadDir = uploadDirOf(config);
  await removeStaleFiles(uploadDir, 60 * 60_000);
  const blobs = config.s3 ? new S3BlobStore({ ...config.s3, tempDir: uploadDir }) : new LocalBlobStore(config.blobDir);
  if (blobs instanceof LocalBlobStore) await blobs.sweep();
  return { blobs, urls: new MediaUrls(secret) };
}

/** Media files of the companies (decision 0019): POST /media stores them, GET /public/… serves them. */
export const media = defineFeature({
  name: 'media',
  routes: ({ api, media: services }) => mediaRoutes({ ...services, api }),
});
