import type { FeatureNames } from './names.js';

/** The files of a new feature, by path from the repository's root: everything it brings, in its own folders. */
export function featureFiles(n: FeatureNames, stamp: string): Record<string, string> {
  const { feature, record, Record, Feature, FEATURE, RECORD, path, table, sequence } = n;
  const notFound = `ERR_${RECORD}_NOT_FOUND`;
  const manage = `${feature}:manage`;
  return {
    // ── the shared language ─────────────────────────────────────────────────────────────────────────────────────────
    [`contracts/src/${feature}/index.ts`]: `export * from './${record}.js';
export * from './errors.js';
export * from './permissions.js';
export * from './realtime.js';
`,
    [`contracts/src/${feature}/${record}.ts`]: `import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** A ${record} of a company, as the API answers it. */
export interface ${Record} {
  id: number;
  name: string;
  createdAt: string;
}

/** What a command sets. */
export interface ${Record}Fields {
  name: string;
}

export const ${RECORD}_NAME_MAX_LENGTH = 255;

/** A new ${record}: the console's form and the server check it with this one schema. */
export const ${record}Schema = yup.object({
  name: yup
    .string()
    .trim()
    .required('validation.required')
    .max(${RECORD}_NAME_MAX_LENGTH, 'validation.tooLong')
    .test('storable', 'validation.unstorableText', (v) => v === undefined || isStorableText(v)),
});

/** The events of ${feature}: past tense; a type string and its data never change once written. */
export const ${RECORD}_EVENT_TYPES = ['${Record}Created', '${Record}Updated', '${Record}Deleted'] as const;

export type ${Record}Event =
  | { type: '${Record}Created'; data: { id: number } & ${Record}Fields }
  | { type: '${Record}Updated'; data: { id: number; changes: Partial<${Record}Fields> } }
  | { type: '${Record}Deleted'; data: { id: number } };

/** What the \`${record}\` channel carries: a ${record} added or changed, or the one deleted. */
export type ${Record}FeedPayload = { action: 'create' | 'update'; ${record}: ${Record} } | { action: 'delete'; id: number };
`,
    [`contracts/src/${feature}/errors.ts`]: `import { defineErrors, type CodesOf } from '../errors.js';

/** The catalogue codes of ${feature}, with their texts in each language. */
export const ${FEATURE}_ERRORS = defineErrors({
  ${notFound}: {
    pt: 'Nenhum registro encontrado com este ID.',
    en: 'No record found with this ID.',
    es: 'No se encontró ningún registro con este ID.',
  },
});

declare module '../errors.js' {
  interface ErrorCatalogue extends CodesOf<typeof ${FEATURE}_ERRORS> {}
}
`,
    [`contracts/src/${feature}/permissions.ts`]: `import { definePermissions, type PermissionsOf } from '../permissions.js';

/** The permission keys of ${feature}, with who holds each. */
export const ${FEATURE}_PERMISSIONS = definePermissions({
  '${manage}': { audience: 'admin', description: 'Add and delete ${feature}' },
});

declare module '../permissions.js' {
  interface PermissionCatalogue extends PermissionsOf<typeof ${FEATURE}_PERMISSIONS> {}
}
`,
    [`contracts/src/${feature}/realtime.ts`]: `import { defineChannels, feedChannel, type PayloadsOf } from '../realtime.js';
import type { ${Record}FeedPayload } from './${record}.js';

/** The realtime channels of ${feature}, with the payload each carries. */
export const ${FEATURE}_CHANNELS = defineChannels({
  ${record}: feedChannel<${Record}FeedPayload>(),
});

declare module '../realtime.js' {
  interface FeedCatalogue extends PayloadsOf<typeof ${FEATURE}_CHANNELS> {}
}
`,
    // ── the write side ──────────────────────────────────────────────────────────────────────────────────────────────
    [`services/core/src/${feature}/index.ts`]: `export * from './${record}.js';
`,
    [`services/core/src/${feature}/${record}.ts`]: `import type { ${Record}Event, ${Record}Fields } from '@atendo/contracts/${feature}';
import { idSequences, type Migration, streamId } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';

/** A ${record} of the company, a simple record: created, changed and deleted. */
export const ${record}Decider: RecordDecider<${Record}Fields, ${Record}Event> = recordDecider('${Record}', '${notFound}');

/** One stream each, in its company: \`${record}-{companyId}.{id}\`. */
export const ${record}Stream = (companyId: number, id: number) => streamId('${record}', companyId, id);

/** Ids of ${feature}: \`ids.next('${record}')\`. */
export const ${record}IdMigrations: Migration[] = [idSequences('${stamp}_${sequence}_ids', '${record}')];
`,
    [`services/core/src/${feature}/${record}.test.ts`]: `import { describe, it } from 'vitest';
import type { ${Record}Event } from '@atendo/contracts/${feature}';
import { deciderSpec } from '../testing/deciderSpec.js';
import { ${record}Decider } from './${record}.js';

const spec = deciderSpec(${record}Decider);
const created: ${Record}Event = { type: '${Record}Created', data: { id: 7, name: 'First' } };

describe('a ${record}', () => {
  it('is created once', () => {
    spec.given([]).when({ type: 'create', id: 7, fields: { name: 'First' } }).then([created]);
    spec.given([created]).when({ type: 'create', id: 7, fields: { name: 'First' } }).thenThrows('ERR_VALIDATION');
  });
  it('changes only what differs', () => {
    spec.given([created]).when({ type: 'update', changes: { name: 'Second' } }).then([{ type: '${Record}Updated', data: { id: 7, changes: { name: 'Second' } } }]);
    spec.given([created]).when({ type: 'update', changes: { name: 'First' } }).then([]);
  });
  it('is deleted once, and then is not found', () => {
    spec.given([created]).when({ type: 'delete' }).then([{ type: '${Record}Deleted', data: { id: 7 } }]);
    spec.given([created, { type: '${Record}Deleted', data: { id: 7 } }]).when({ type: 'delete' }).thenThrows('${notFound}');
    spec.given([]).when({ type: 'update', changes: { name: 'x' } }).thenThrows('${notFound}');
  });
});
`,
    // ── the read side ───────────────────────────────────────────────────────────────────────────────────────────────
    [`services/read/src/${feature}/index.ts`]: `export * from './migrations.js';
export * from './${feature}Projection.js';
export * from './queries.js';
`,
    [`services/read/src/${feature}/migrations.ts`]: `import { sqlMigration, type Migration } from '@atendo/platform';

/** The read model of ${feature}: one row a ${record}, by company. */
export const ${feature}Migrations: Migration[] = [
  sqlMigration(
    '${stamp}_${table}',
    \`
        CREATE TABLE ${table} (
          id bigint PRIMARY KEY, company_id bigint NOT NULL, name text NOT NULL, created_at timestamptz NOT NULL
        );
        CREATE INDEX ${table}_company ON ${table} (company_id, lower(name), id);
      \`,
    'DROP TABLE ${table}',
  ),
];
`,
    [`services/read/src/${feature}/${feature}Projection.ts`]: `import { ${RECORD}_EVENT_TYPES, type ${Record}Event, type ${Record}FeedPayload } from '@atendo/contracts/${feature}';
import type { Projection } from '../projections/projection.js';
import { toRecord, type ${Record}Row } from './queries.js';

/** ${Feature} of each company, for its page; every user of the company hears of a change on the \`${record}\` channel. */
export const ${feature}Projection: Projection = {
  name: '${feature}',
  tables: ['${table}'],
  eventTypes: ${RECORD}_EVENT_TYPES,
  async apply(events, { trx, emit, rebuilding }) {
    for (const recorded of events) {
      const event = recorded as unknown as ${Record}Event;
      const companyId = recorded.metadata.companyId;
      const tell = (payload: ${Record}FeedPayload) => {
        if (!rebuilding) emit({ companyId, channel: '${record}', payload, audience: { kind: 'company' } });
      };
      switch (event.type) {
        case '${Record}Created': {
          const row: ${Record}Row = { id: event.data.id, company_id: companyId, name: event.data.name, created_at: new Date(recorded.metadata.occurredAt) };
          await trx('${table}').insert(row).onConflict('id').merge();
          tell({ action: 'create', ${record}: toRecord(row) });
          break;
        }
        case '${Record}Updated': {
          if (event.data.changes.name === undefined) break;
          const [row] = (await trx('${table}').where({ id: event.data.id }).update({ name: event.data.changes.name }).returning('*')) as ${Record}Row[];
          if (row) tell({ action: 'update', ${record}: toRecord(row) });
          break;
        }
        case '${Record}Deleted':
          await trx('${table}').where({ id: event.data.id }).delete();
          tell({ action: 'delete', id: event.data.id });
          break;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    }
  },
};
`,
    [`services/read/src/${feature}/queries.ts`]: `import type { Knex } from 'knex';
import type { ${Record} } from '@atendo/contracts/${feature}';

export interface ${Record}Row {
  id: number;
  company_id: number;
  name: string;
  created_at: Date;
}

export const toRecord = (row: ${Record}Row): ${Record} => ({ id: Number(row.id), name: row.name, createdAt: new Date(row.created_at).toISOString() });

/** What the API asks of ${feature}: always within one company. */
export class ${Record}Queries {
  constructor(private readonly knex: Knex) {}

  async all(companyId: number): Promise<${Record}[]> {
    return ((await this.knex('${table}').where({ company_id: companyId }).orderByRaw('lower(name), id')) as ${Record}Row[]).map(toRecord);
  }

  async find(companyId: number, id: number): Promise<${Record} | null> {
    const row = (await this.knex('${table}').where({ company_id: companyId, id }).first()) as ${Record}Row | undefined;
    return row ? toRecord(row) : null;
  }
}
`,
    // ── the API ─────────────────────────────────────────────────────────────────────────────────────────────────────
    [`services/api/src/${feature}/index.ts`]: `export * from './${record}Routes.js';
`,
    [`services/api/src/${feature}/${record}Routes.ts`]: `import type { AnyObject } from 'yup';
import { ${record}Schema, type ${Record}Fields } from '@atendo/contracts/${feature}';
import { handleCommand, type CommandContext } from '@atendo/core';
import { ${record}Decider, ${record}Stream } from '@atendo/core/${feature}';
import { ${Record}Queries } from '@atendo/read/${feature}';
import type { AuthContext } from '../auth/middleware.js';
import { recordRoutes, type RecordRouteDeps } from '../http/recordRoutes.js';
import { route, type RouteSpec } from '../http/routeTable.js';

/** ${Feature}: every user of a company lists them; its admins add and delete them. */
export function ${record}Routes({ knex, store, ids, readYourWrites }: RecordRouteDeps): RouteSpec[] {
  const feature = '${feature}';
  const ${feature} = new ${Record}Queries(knex);
  const by = (who: AuthContext): CommandContext => ({ actor: { type: 'user', userId: who.claims.userId } });
  // One of the company's ${feature} by the id in the path: another company's answers the same 404 as none.
  const ${record}Record = recordRoutes({ feature, permission: '${manage}', path: '/${path}/:id', notFound: '${notFound}', noun: '${Record}', find: (companyId, id) => ${feature}.find(companyId, id) });
  return [
    route({
      method: 'get',
      path: '/${path}',
      feature,
      summary: "Every ${record} of the user's company, by name",
      permission: 'signedIn',
      async handler({ res, auth: { viewer } }) {
        res.json(await ${feature}.all(viewer.companyId));
      },
    }),
    route<AnyObject, AnyObject, ${Record}Fields>({
      method: 'post',
      path: '/${path}',
      feature,
      summary: 'Add a ${record}',
      permission: '${manage}',
      body: ${record}Schema,
      status: 201,
      async handler({ res, body, auth }) {
        const companyId = auth.viewer.companyId;
        const id = await ids.next('${record}');
        const result = await handleCommand(store, ${record}Decider, ${record}Stream(companyId, id), { type: 'create', id, fields: { name: body.name } }, by(auth));
        await readYourWrites(result.position);
        res.status(201).json(await ${record}Record.found(companyId, id));
      },
    }),
    ${record}Record.remove({
      summary: 'Delete a ${record}',
      async handler({ res, params: { id }, auth }) {
        const result = await handleCommand(store, ${record}Decider, ${record}Stream(auth.viewer.companyId, id), { type: 'delete' }, by(auth));
        await readYourWrites(result.position);
        res.json({ message: '${Record} deleted' });
      },
    }),
  ];
}
`,
    // ── the module ──────────────────────────────────────────────────────────────────────────────────────────────────
    [`services/runtime/src/features/${feature}/index.ts`]: `import { ${FEATURE}_CHANNELS, ${FEATURE}_ERRORS, ${FEATURE}_PERMISSIONS } from '@atendo/contracts/${feature}';
import { ${record}Routes } from '@atendo/api/${feature}';
import { ${record}IdMigrations } from '@atendo/core/${feature}';
import { ${feature}Migrations, ${feature}Projection } from '@atendo/read/${feature}';
import { defineFeature } from '../featureModule.js';

/** ${Feature}: written by \`npm run new-feature ${feature}\` (docs/adding-a-feature.md). */
export const ${feature} = defineFeature({
  name: '${feature}',
  errors: ${FEATURE}_ERRORS,
  permissions: ${FEATURE}_PERMISSIONS,
  channels: ${FEATURE}_CHANNELS,
  routes: ({ knex, store, ids, readYourWrites }) => ${record}Routes({ knex, store, ids, readYourWrites }),
  migrations: [...${record}IdMigrations, ...${feature}Migrations],
  projections: [${feature}Projection],
  probe: {
    resources: { '${path}.id': '${record}' },
    async make(b) {
      const made = await b.api<{ id: number }>('/${path}', { body: { name: 'Da empresa B' } });
      return { ${record}: String(made.id) };
    },
    observe: (b) => b.api('/${path}'),
  },
});
`,
    [`services/runtime/src/features/${feature}/${feature}.int.test.ts`]: `import { describe, expect, it } from 'vitest';
import type { ${Record} } from '@atendo/contracts/${feature}';
import { addUser } from '../../testing/accounts.js';
import { harnessSuite } from '../../testing/suite.js';
import type { Harness } from '../../testing/harness.js';

describe('${feature}, through the running product', () => {
  let h: Harness;
  let token: string;
  let bToken: string;
  harnessSuite({ other: 'Empresa B' }, (platform) => {
    ({ h, token, bToken } = platform);
  });

  it("adds a ${record}, lists it for the company and not for another, and deletes it", async () => {
    const added = await h.api<${Record}>('/${path}', { token, body: { name: '  Primeiro  ' } });
    expect(added).toMatchObject({ status: 201, body: { name: 'Primeiro' } });
    expect((await h.api<${Record}[]>('/${path}', { token })).body.map((r) => r.name)).toContain('Primeiro');
    expect((await h.api<${Record}[]>('/${path}', { token: bToken })).body).toEqual([]);
    expect((await h.api(\`/${path}/\${added.body.id}\`, { method: 'DELETE', token: bToken })).status).toBe(404);
    expect((await h.api(\`/${path}/\${added.body.id}\`, { method: 'DELETE', token })).status).toBe(200);
    expect((await h.api<${Record}[]>('/${path}', { token })).body.map((r) => r.id)).not.toContain(added.body.id);
  });

  it('refuses a nameless ${record} with ERR_VALIDATION, and an agent with ERR_NO_PERMISSION', async () => {
    expect(await h.api('/${path}', { token, body: { name: ' ' } })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    const agent = await addUser(h, 'agente@${path}.test', { profile: 'user' });
    const agentToken = (await h.login(agent.email, agent.password)).token;
    expect(await h.api('/${path}', { token: agentToken, body: { name: 'Meu' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await h.api('/${path}', { token: agentToken })).status).toBe(200);
  });

  it('is in /openapi.json with its catalogue code', async () => {
    const spec = (await h.api<{ paths: Record<string, unknown> }>('/openapi.json')).body;
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/${path}', '/${path}/{id}']));
    expect(JSON.stringify(spec.paths['/${path}/{id}'])).toContain('${notFound}');
  });
});
`,
    // ── the console ─────────────────────────────────────────────────────────────────────────────────────────────────
    [`web/src/features/${feature}/feature.tsx`]: `import { lazy } from 'react';
import { ${FEATURE}_PERMISSIONS } from '@atendo/contracts/${feature}';
import { defineConsoleFeature } from '../feature';
import { ${feature}Translations } from './i18n';

// Loaded when first opened.
const ${Feature}Page = lazy(() => import('./${Feature}Page').then((m) => ({ default: m.${Feature}Page })));

export const ${feature}Feature = defineConsoleFeature('${feature}', ${feature}Translations, {
  pages: [{ path: '/${path}', access: 'private', element: <${Feature}Page /> }],
  menu: [{ path: '/${path}', label: '${feature}', icon: 'folder-open', group: 'main', order: 1000 }],
  channels: ['${record}'],
  permissions: [${FEATURE}_PERMISSIONS],
});
`,
    [`web/src/features/${feature}/i18n.ts`]: `import { ${FEATURE}_ERRORS } from '@atendo/contracts/${feature}';

/** The texts of ${feature}, in the console's three languages, and its catalogue codes (their texts are the contracts'). */
const en = {
  menu: { ${feature}: '${Feature}' },
  ${feature}: {
    title: '${Feature}',
    name: 'Name',
    add: 'Add',
    empty: 'Nothing here yet',
    delete: 'Delete',
    confirmDelete: 'Delete "{{name}}"?',
    cancel: 'Cancel',
    deleted: 'Deleted.',
  },
};

export const ${feature}Translations = {
  en,
  pt: {
    menu: { ${feature}: '${Feature}' },
    ${feature}: {
      title: '${Feature}',
      name: 'Nome',
      add: 'Adicionar',
      empty: 'Nada aqui ainda',
      delete: 'Excluir',
      confirmDelete: 'Excluir "{{name}}"?',
      cancel: 'Cancelar',
      deleted: 'Excluído.',
    },
  } satisfies typeof en,
  es: {
    menu: { ${feature}: '${Feature}' },
    ${feature}: {
      title: '${Feature}',
      name: 'Nombre',
      add: 'Añadir',
      empty: 'Todavía no hay nada',
      delete: 'Eliminar',
      confirmDelete: '¿Eliminar "{{name}}"?',
      cancel: 'Cancelar',
      deleted: 'Eliminado.',
    },
  } satisfies typeof en,
  errors: [${FEATURE}_ERRORS],
};
`,
    [`web/src/features/${feature}/${feature}Api.ts`]: `import type { ${Record}, ${Record}Fields } from '@atendo/contracts/${feature}';
import { api } from '../../api/client';

export const ${feature}Api = {
  all: () => api.get<${Record}[]>('/${path}'),
  add: (fields: ${Record}Fields) => api.post<${Record}>('/${path}', fields),
  remove: (id: number) => api.delete<{ message: string }>(\`/${path}/\${id}\`),
};
`,
    [`web/src/features/${feature}/${Feature}Page.tsx`]: `import type { ${Record} } from '@atendo/contracts/${feature}';
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/useCan';
import { useFeed } from '../../realtime/useFeed';
import { ConfirmRemove } from '../../ui/listPage/ConfirmRemove';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
import { toastError } from '../../ui/toaster';
import { ${feature}Api } from './${feature}Api';

/** /${path}: the company's ${feature}; its admins add and delete them. */
export function ${Feature}Page() {
  const { t } = useTranslation();
  const manage = useCan()('${manage}');
  const [records, setRecords] = useState<${Record}[]>([]);
  const [loading, setLoading] = useState(true);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<${Record}>();
  const load = useCallback(() => {
    ${feature}Api
      .all()
      .then(setRecords, toastError)
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);
  useFeed('${record}', load);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await ${feature}Api.add({ name });
      setName('');
      load();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <ListPage title={t('${feature}.title')}>
      {manage && (
        <form className="list-page-tools" onSubmit={add}>
          <InputGroup aria-label={t('${feature}.name')} placeholder={t('${feature}.name')} value={name} onChange={(e) => setName(e.target.value)} data-testid="${feature}-name" />
          <Button type="submit" intent={Intent.PRIMARY} icon="add" text={t('${feature}.add')} data-testid="${feature}-add" />
        </form>
      )}
      <PagedList items={records} loading={loading} empty={{ icon: 'folder-open', text: t('${feature}.empty'), testId: '${feature}-empty' }}>
        <ul data-testid="${feature}-list">
          {records.map((r) => (
            <li key={r.id}>
              {r.name}
              {manage && <Button minimal icon="trash" aria-label={t('${feature}.delete')} onClick={() => setRemoving(r)} />}
            </li>
          ))}
        </ul>
      </PagedList>
      <ConfirmRemove
        record={removing}
        words={{ confirm: t('${feature}.delete'), cancel: t('${feature}.cancel'), done: t('${feature}.deleted') }}
        testId="${feature}-confirm"
        onConfirm={async (r) => {
          await ${feature}Api.remove(r.id);
          load();
        }}
        onClose={() => setRemoving(undefined)}
      >
        {t('${feature}.confirmDelete', { name: removing?.name })}
      </ConfirmRemove>
    </ListPage>
  );
}
`,
    [`web/src/features/${feature}/${Feature}Page.test.tsx`]: `import type { ${Record} } from '@atendo/contracts/${feature}';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { admin } from '../../test/fixtures';
import { renderSignedIn } from '../../test/renderSignedIn';
import { menuEntries } from '../../app/shell/menu';
import { ${Feature}Page } from './${Feature}Page';

describe('${feature} page', () => {
  beforeEach(() => FakeWebSocket.install());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the company\\'s ${feature} and lets an admin add one', async () => {
    let records: ${Record}[] = [{ id: 1, name: 'First', createdAt: '2026-01-01T00:00:00.000Z' }];
    const { calls } = fakeFetch((call) => {
      if (call.method === 'GET' && call.url === '/${path}') return { body: records };
      if (call.method === 'POST' && call.url === '/${path}') {
        records = [...records, { id: 2, name: (call.body as { name: string }).name, createdAt: '2026-01-02T00:00:00.000Z' }];
        return { status: 201, body: records[1] };
      }
      return { status: 404, body: { error: 'ERR_NOT_FOUND' } };
    });
    renderSignedIn(<${Feature}Page />, { path: '/${path}', route: '/${path}', user: admin });

    expect(await screen.findByText('First')).toBeTruthy();
    await userEvent.type(screen.getByTestId('${feature}-name'), 'Second');
    await userEvent.click(screen.getByTestId('${feature}-add'));
    await waitFor(() => expect(screen.getByText('Second')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Second' });
  });

  it('has its entry in the side menu', () => {
    expect(menuEntries().find((entry) => entry.path === '/${path}')).toMatchObject({ label: '${feature}', group: 'main' });
  });
});
`,
  };
}
