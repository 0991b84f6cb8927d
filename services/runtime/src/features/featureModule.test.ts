import { describe, expect, it } from 'vitest';
import { composeErrors, composePlanFlags, feedChannel, planFlagNames, PLATFORM_CHANNELS, PLATFORM_ERRORS, PLATFORM_PERMISSIONS, PLATFORM_PLAN_FLAGS } from '@atendo/contracts';
import type { Projection } from '@atendo/read';
import { checkFeatures, defineFeature } from './featureModule.js';
import { errorCatalogue, feedChannels, features, permissionRegistry, planFlags, projections } from './index.js';

const projection = (name: string): Projection => ({ name, tables: [name], eventTypes: [], apply: async () => undefined });

describe('feature modules', () => {
  it('the product list passes its own checks and brings every read model once', () => {
    expect(() => checkFeatures(features)).not.toThrow();
    expect(new Set(projections.map((p) => p.name)).size).toBe(projections.length);
    expect(features.map((f) => f.name)).toEqual(expect.arrayContaining(['auth', 'users', 'queues', 'connections', 'contacts', 'tickets', 'messages', 'helps']));
  });

  it('refuses two modules of one name, a projection or a channel two modules bring and a channel no feed could name', () => {
    expect(() => checkFeatures([defineFeature({ name: 'tags' }), defineFeature({ name: 'tags' })])).toThrow(/Feature tags: the name tags is already tags's/);
    expect(() => checkFeatures([defineFeature({ name: 'tags', projections: [projection('labels')] }), defineFeature({ name: 'kanban', projections: [projection('labels')] })])).toThrow(
      /Feature kanban: the projection labels is already tags's/,
    );
    expect(() => checkFeatures([defineFeature({ name: 'tags', channels: { 'la-bel': feedChannel() } })])).toThrow(/channel la-bel is not a feed channel's name/);
    expect(() => checkFeatures([defineFeature({ name: 'tags', channels: { label: feedChannel() } }), defineFeature({ name: 'kanban', channels: { label: feedChannel() } })])).toThrow(
      /Feature kanban: the channel label is already tags's/,
    );
    expect(() => checkFeatures([defineFeature({ name: 'Quick messages' })])).toThrow(/one lower-camel-case word/);
  });

  it("refuses a body field two modules' probes name: a field's name means one record across the API", () => {
    const probe = (bodyIds: Record<string, string | null>) => ({ resources: {}, bodyIds });
    expect(() => checkFeatures([defineFeature({ name: 'tags', probe: probe({ tagId: 'tag' }) }), defineFeature({ name: 'kanban', probe: probe({ tagId: 'lane' }) })])).toThrow(
      /Feature kanban: the body probe's field tagId is already tags's/,
    );
  });

  it('the error catalogue is the platform codes and the codes the modules bring, each once', () => {
    const claimed = [...Object.keys(PLATFORM_ERRORS), ...features.flatMap((f) => Object.keys(f.errors ?? {}))];
    expect(new Set(claimed).size).toBe(claimed.length);
    expect([...errorCatalogue.codes].sort()).toEqual([...claimed].sort());
  });

  // That the console words each of these codes too is test/catalogues.test.ts's to check.
  it("the server's catalogue words every code in each language", () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      for (const code of errorCatalogue.codes) expect(errorCatalogue.texts[language][code], `${language} ${code}`).toMatch(/\S/);
    }
  });

  it("the server's feed is the platform's channels and the modules'", () => {
    const claimed = [...Object.keys(PLATFORM_CHANNELS), ...features.flatMap((f) => Object.keys(f.channels ?? {}))];
    expect([...feedChannels].sort()).toEqual([...claimed].sort());
  });

  it("the server's permissions and plan flags are the platform's and the modules'", () => {
    const claimed = [...Object.keys(PLATFORM_PERMISSIONS), ...features.flatMap((f) => Object.keys(f.permissions ?? {}))];
    expect(Object.keys(permissionRegistry).sort()).toEqual([...claimed].sort());
    // The plans store and answer exactly these (decision 0051): each with its default and its label in every language.
    expect(planFlagNames(planFlags)).toEqual([...Object.keys(PLATFORM_PLAN_FLAGS), ...features.flatMap((f) => Object.keys(f.planFlags ?? {}))]);
    expect(planFlagNames(planFlags)).toEqual(expect.arrayContaining(['useCampaigns', 'useSchedules', 'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations']));
    for (const [flag, definition] of Object.entries(planFlags)) {
      expect(typeof definition.default, flag).toBe('boolean');
      for (const language of ['pt', 'en', 'es'] as const) expect(definition.texts[language], `${flag} ${language}`).toMatch(/\S/);
    }
    const flag = { description: '', default: true, texts: { pt: 'a', en: 'b', es: 'c' } };
    expect(() => checkFeatures([defineFeature({ name: 'tags', planFlags: { useKanban: flag } }), defineFeature({ name: 'kanban', planFlags: { useKanban: flag } })])).toThrow(/Feature kanban: the plan flag useKanban is already tags's/);
    expect(() => composePlanFlags([{ usekanban: flag }])).toThrow(/not a flag's name/);
    expect(() => checkFeatures([defineFeature({ name: 'tags', permissions: { 'tags:kanban': { audience: 'admin', description: '' } } }), defineFeature({ name: 'kanban', permissions: { 'tags:kanban': { audience: 'admin', description: '' } } })])).toThrow(
      /Feature kanban: the permission tags:kanban is already tags's/,
    );
  });

  it('refuses an error code two modules bring', () => {
    const twice = { ERR_TWICE: { pt: 'a', en: 'b', es: 'c' } };
    expect(() => composeErrors([twice, twice])).toThrow(/ERR_TWICE is declared twice/);
  });
});
