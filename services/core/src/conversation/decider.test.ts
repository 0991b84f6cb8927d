import { describe, expect, it } from 'vitest';
import { everyFamily } from '../testing/conversation.js';
import { contactStreamDecider, conversationSnapshotVersion } from './decider.js';
import { defineFamily, type ConversationFamily } from './family.js';

describe("the customer's stream of a set of families", () => {
  const version = conversationSnapshotVersion(everyFamily);

  it('keeps its snapshots under a version of its families, whatever their order', () => {
    expect(contactStreamDecider(everyFamily).snapshot.version).toBe(version);
    expect(conversationSnapshotVersion([...everyFamily].reverse())).toBe(version);
    // An int of the snapshots table, never one of the small versions written by hand before.
    expect(version).toBeGreaterThanOrEqual(2 ** 30);
    expect(version).toBeLessThan(2 ** 31);
  });

  it('another set of families, or a slice of a new version, is another version: their snapshots are ignored, not misread', () => {
    const versions = new Set([
      version,
      conversationSnapshotVersion(everyFamily.filter((f) => f.name !== 'ticketTags')),
      conversationSnapshotVersion([...everyFamily, defineFamily({ name: 'nudges' })]),
      conversationSnapshotVersion(everyFamily.map((f): ConversationFamily => (f.slice?.key === 'tags' ? { ...f, slice: { ...f.slice, version: 2 } } : f))),
    ]);
    expect(versions.size).toBe(4);
  });
});
