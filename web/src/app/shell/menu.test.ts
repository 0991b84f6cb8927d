import { describe, expect, it } from 'vitest';
import { menuEntries, visibleMenu, type MenuContext } from './menu';
import { consolePlanFlags } from '../planFlags';

const allFlags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
const paths = (context: Partial<MenuContext>) =>
  visibleMenu({ who: { profile: 'user', super: false }, plan: allFlags, cshow: false, campaignsEnabled: false, ...context }).map((e) => e.path);

describe('side menu (spec §2)', () => {
  it('shows a user the always-there entries and kanban by plan, without the dashboard or the administration group', () => {
    // Spec §2's entries for a user, in its order; a feature added later may bring entries of its own between them.
    const spec = ['/tickets', '/quick-messages', '/kanban', '/todolist', '/contacts', '/schedules', '/tags', '/chats', '/helps'];
    const shown = paths({});
    expect(shown.filter((path) => spec.includes(path))).toEqual(spec);
    for (const hidden of ['/', '/users', '/queues', '/connections', '/settings', '/financeiro', '/announcements']) expect(shown).not.toContain(hidden);
  });

  it('shows an admin the dashboard and the administration group, each entry by its plan flag', () => {
    const admin = paths({ who: { profile: 'admin', super: false } });
    expect(admin[0]).toBe('/');
    expect(admin).toEqual(expect.arrayContaining(['/prompts', '/queue-integration', '/connections', '/files', '/queues', '/users', '/messages-api', '/financeiro', '/settings']));
    expect(admin).not.toContain('/announcements');
    const bare = paths({ who: { profile: 'admin', super: false }, plan: { ...allFlags, useKanban: false, useOpenAi: false, useIntegrations: false, useExternalApi: false } });
    expect(bare).not.toEqual(expect.arrayContaining(['/kanban']));
    for (const gated of ['/kanban', '/prompts', '/queue-integration', '/messages-api']) expect(bare).not.toContain(gated);
  });

  it('shows announcements to super users only', () => {
    expect(paths({ who: { profile: 'admin', super: true } })).toContain('/announcements');
    expect(paths({ who: { profile: 'user', super: true } })).toEqual(expect.arrayContaining(['/announcements']));
  });

  it('shows the campaign entries with cshow and either the plan flag or campaigns enabled at sign-up; phrase lists and flows with cshow', () => {
    const admin = { profile: 'admin' as const, super: false };
    expect(paths({ who: admin })).not.toContain('/campaigns');
    expect(paths({ who: admin, cshow: true })).toEqual(expect.arrayContaining(['/campaigns', '/contact-lists', '/campaigns-config', '/phrase-lists', '/flowbuilders']));
    expect(paths({ who: admin, cshow: true, plan: { ...allFlags, useCampaigns: false } })).not.toContain('/campaigns');
    expect(paths({ who: admin, cshow: true, plan: { ...allFlags, useCampaigns: false }, campaignsEnabled: true })).toContain('/campaigns');
  });

  it("gates entries only by flags the console's features bring, each a switch of the plan form", () => {
    const gating = menuEntries().flatMap((entry) => entry.planFlags ?? []);
    expect(gating).toEqual(expect.arrayContaining(['useCampaigns', 'useKanban', 'useOpenAi', 'useIntegrations', 'useExternalApi']));
    for (const flag of gating) expect(consolePlanFlags()[flag]?.texts.en, flag).toMatch(/\S/);
  });

  it('hides plan-gated entries while the plan is unknown', () => {
    expect(paths({ plan: null })).not.toContain('/kanban');
  });

  it('has a translated label and an icon for every entry', async () => {
    const { resources } = await import('../../i18n/resources');
    for (const entry of menuEntries()) {
      for (const language of ['en', 'pt', 'es'] as const) expect((resources[language].menu as Record<string, string>)[entry.label], `${language} ${entry.label}`).toMatch(/\S/);
      expect(entry.icon).toBeTruthy();
    }
  });
});
