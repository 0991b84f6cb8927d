import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../services/runtime/src/db/embeddedPostgres.js';

/** Tests use DATABASE_URL when it is set, else a throwaway embedded PostgreSQL started here. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    console.log(`[tests] PostgreSQL from DATABASE_URL (${new URL(process.env.DATABASE_URL).host})`);
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atendo-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
  console.log(`[tests] embedded PostgreSQL at ${new URL(server.url).host}`);
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
