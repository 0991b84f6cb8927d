import type { Contact } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { addContactPage, applyContactFeed, emptyContactList, type ContactListState } from './contactList';

const contact = (id: number, name = `Contact ${id}`): Contact => ({ id, name, number: `55119000000${id}`, email: '', profilePicUrl: '', isGroup: false });
const list = (...contacts: Contact[]): ContactListState => ({ contacts, count: contacts.length, hasMore: false, page: 1 });

describe('the contact list', () => {
  it('replaces on page 1 and appends later pages without repeating a contact', () => {
    const first = addContactPage(emptyContactList, 1, { contacts: [contact(1), contact(2)], count: 3, hasMore: true });
    const second = addContactPage(first, 2, { contacts: [contact(2), contact(3)], count: 3, hasMore: false });
    expect(second.contacts.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(addContactPage(second, 1, { contacts: [contact(9)], count: 1, hasMore: false }).contacts.map((c) => c.id)).toEqual([9]);
  });

  it('merges an update into the contact it has, keeping what the entry does not say', () => {
    const state = applyContactFeed(list(contact(1), { ...contact(2), email: 'b@example.com' }), { action: 'update', contact: { id: 2, number: '551190000002', name: 'Bia' } }, false);
    expect(state.contacts[1]).toMatchObject({ id: 2, name: 'Bia', email: 'b@example.com' });
    expect(state.count).toBe(2);
  });

  it('puts a new contact first, unless a search is shown (the server decides what it matches)', () => {
    const added = applyContactFeed(list(contact(1)), { action: 'update', contact: { id: 7, number: '5511977777777', name: 'Nova', email: '', extraInfo: [] } }, false);
    expect(added.contacts.map((c) => c.id)).toEqual([7, 1]);
    expect(added.count).toBe(2);
    expect(applyContactFeed(list(contact(1)), { action: 'update', contact: { id: 7, number: '5511977777777', name: 'Nova' } }, true).contacts).toHaveLength(1);
  });

  it('removes a deleted contact, and ignores one it never had', () => {
    const state = list(contact(1), contact(2));
    expect(applyContactFeed(state, { action: 'delete', contactId: 1 }, false)).toMatchObject({ contacts: [contact(2)], count: 1 });
    expect(applyContactFeed(state, { action: 'delete', contactId: 9 }, false)).toBe(state);
  });
});
