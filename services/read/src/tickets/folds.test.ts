import { describe, expect, it } from 'vitest';
import { CONTACT_STREAM_EVENT_TYPES } from '@atendo/contracts';
import { contactFolds } from '../contacts/contactFolds.js';
import { composeFolds } from './folds.js';
import { streamFolds } from './ticketsProjection.js';

describe('the tickets read model by family', () => {
  it("folds every event type of the customer's stream, each in one family", () => {
    expect(Object.keys(streamFolds).sort()).toEqual([...CONTACT_STREAM_EVENT_TYPES].sort());
  });

  it('refuses two families folding one event type', () => {
    expect(() => composeFolds(contactFolds, { ContactRenamed: () => undefined })).toThrow(/Two families fold ContactRenamed/);
  });
});
