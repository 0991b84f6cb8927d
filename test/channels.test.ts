// @vitest-environment jsdom
// The console's channel table is composed from its features, whose modules expect a browser's globals; it is loaded
// by a path the server's type check does not follow (the console has its own, web/tsconfig.json).
import { describe, expect, it } from 'vitest';
import { feedChannels, features } from '../services/runtime/src/features/index.js';

const consoleChannels: string = '../web/src/realtime/channels.js';
const { CONSOLE_CHANNELS } = (await import(consoleChannels)) as { CONSOLE_CHANNELS: Record<string, { features: string[] } | { notShownYet: true }> };

describe('realtime channels', () => {
  it("every channel of the server's feed is one the console knows, and the console knows no other", () => {
    const fromModules = new Set(features.flatMap((f) => Object.keys(f.channels ?? {})));
    const known = Object.keys(CONSOLE_CHANNELS);
    expect([...fromModules].filter((c) => !known.includes(c))).toEqual([]);
    expect(known.filter((c) => !(feedChannels as readonly string[]).includes(c))).toEqual([]);
    expect([...feedChannels].filter((c) => !known.includes(c))).toEqual([]);
  });

  it('the channels the console handles are ones a feature module says it emits on', () => {
    const fromModules = new Set<string>(features.flatMap((f) => Object.keys(f.channels ?? {})));
    const handled = Object.entries(CONSOLE_CHANNELS).filter(([, v]) => 'features' in v).map(([c]) => c);
    expect(handled.filter((c) => !fromModules.has(c))).toEqual([]);
  });
});
