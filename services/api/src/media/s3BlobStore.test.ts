import { describe } from 'vitest';
import { blobStoreContract } from './blobStoreContract.js';
import { S3BlobStore } from './s3BlobStore.js';

/**
 * Runs the contract against the S3-compatible bucket of S3_ENDPOINT (S3_BUCKET, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_REGION), else reports the suite as skipped: no such server runs on the CI machine.
 */
const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = process.env;

if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
  blobStoreContract('s3-compatible bucket', async () => ({
    store: new S3BlobStore({ endpoint: S3_ENDPOINT, bucket: S3_BUCKET, region: S3_REGION || 'us-east-1', accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }),
    teardown: async () => undefined,
  }));
} else {
  console.warn('SKIPPED: S3 blob store contract suite (set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to run it)');
  describe.skip('S3 blob store (no S3_ENDPOINT)', () => {
    blobStoreContract('s3-compatible bucket', async () => {
      throw new Error('not reached: the suite is skipped');
    });
  });
}
