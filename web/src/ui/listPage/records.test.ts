import { describe, expect, it } from 'vitest';
import { addRecords, applyRecordFeed, emptyRecords, textMatches } from './records';

interface Thing {
  id: number;
  name: string;
}
const thing = (id: number, name = `thing ${id}`): Thing => ({ id, name });
const ids = (records: Thing[]) => records.map((r) => r.id);

describe('records of a list page', () => {
  it('page 1 replaces what is shown, later pages add what is not shown yet', () => {
    let state = addRecords(emptyRecords<Thing>(), 1, [thing(1), thing(2)], true);
    state = addRecords(state, 2, [thing(2), thing(3)], false);
    expect(state).toEqual({ records: [thing(1), thing(2), thing(3)], hasMore: false, page: 2 });
    expect(ids(addRecords(state, 1, [thing(9)], false).records)).toEqual([9]);
  });

  it('a new record comes first, a changed one stays in its place, a deleted one leaves', () => {
    let records = [thing(1), thing(2)];
    records = applyRecordFeed(records, { action: 'create', record: thing(3) });
    expect(ids(records)).toEqual([3, 1, 2]);
    records = applyRecordFeed(records, { action: 'update', record: thing(1, 'renamed') });
    expect(records[1]).toEqual(thing(1, 'renamed'));
    records = applyRecordFeed(records, { action: 'delete', id: 3 });
    expect(ids(records)).toEqual([1, 2]);
  });

  it('a record the search does not keep leaves the list, or stays out of it', () => {
    const keep = (r: Thing) => textMatches(r.name, 'APP');
    const records = [thing(1, 'apple'), thing(2, 'apricot')];
    expect(ids(applyRecordFeed(records, { action: 'update', record: thing(2, 'plum') }, keep))).toEqual([1]);
    expect(ids(applyRecordFeed(records, { action: 'create', record: thing(3, 'pear') }, keep))).toEqual([1, 2]);
    expect(textMatches('anything', '  ')).toBe(true);
  });
});
