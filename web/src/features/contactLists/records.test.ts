import type { ContactList, ContactListItem } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { addRecords, emptyRecords } from '../../ui/listPage/records';
import { applyItemFeed, applyListFeed, itemMatches } from './records';

const list = (id: number, name: string, contactsCount = 0): ContactList => ({ id, name, contactsCount });
const item = (id: number, name: string, number: string, contactListId = 1, isWhatsappValid: boolean | null = null): ContactListItem => ({
  id,
  name,
  number,
  email: '',
  isWhatsappValid,
  companyId: 1,
  contactListId,
});

describe('contact lists on the page, kept current by the feed', () => {
  it('a new list comes first; a changed count updates its row; a list this page does not show stays out', () => {
    let state = addRecords(emptyRecords<ContactList>(), 1, [list(1, 'Clientes'), list(2, 'Fornecedores')], false);
    state = applyListFeed(state, { action: 'create', record: list(3, 'Clientes VIP') }, '');
    expect(state.records.map((l) => l.id)).toEqual([3, 1, 2]);
    state = applyListFeed(state, { action: 'update', record: list(1, 'Clientes', 42) }, '');
    expect(state.records.find((l) => l.id === 1)?.contactsCount).toBe(42);
    state = applyListFeed(state, { action: 'update', record: list(9, 'Outra página', 5) }, '');
    expect(state.records.map((l) => l.id)).toEqual([3, 1, 2]);
    // Under a search, a list whose new name does not match leaves the page.
    state = applyListFeed(state, { action: 'update', record: list(2, 'Parceiros') }, 'forn');
    expect(state.records.map((l) => l.id)).toEqual([3, 1]);
    state = applyListFeed(state, { action: 'delete', id: 3 }, '');
    expect(state.records.map((l) => l.id)).toEqual([1]);
  });

  it("one list's contacts: WhatsApp's verdict replaces the row, another list's contacts are ignored, the search is kept", () => {
    let state = addRecords(emptyRecords<ContactListItem>(), 1, [item(10, 'Ana', '5511900000001'), item(11, 'Bruno', '5511900000002')], false);
    state = applyItemFeed(state, { action: 'update', record: item(11, 'Bruno', '5511900000002', 1, false) }, 1, '');
    expect(state.records.find((i) => i.id === 11)?.isWhatsappValid).toBe(false);
    state = applyItemFeed(state, { action: 'create', record: item(12, 'Outra lista', '5511900000003', 2) }, 1, '');
    expect(state.records.map((i) => i.id)).toEqual([10, 11]);
    state = applyItemFeed(state, { action: 'create', record: item(13, 'Carla', '5511900000004') }, 1, 'ana');
    expect(state.records.map((i) => i.id)).toEqual([10, 11]);
    expect(itemMatches(item(1, 'Zé', '5511900000001'), '+55 11 90000-0001')).toBe(true);
    state = applyItemFeed(state, { action: 'delete', id: 10 }, 1, '');
    expect(state.records.map((i) => i.id)).toEqual([11]);
  });
});
