import type { Contact, ContactFeedPayload, ContactPage } from '@atendo/contracts';

export interface ContactListState {
  contacts: Contact[];
  count: number;
  hasMore: boolean;
  page: number;
  /** Where the last page ended: the next page is asked after it. */
  next?: string;
}

export const emptyContactList: ContactListState = { contacts: [], count: 0, hasMore: false, page: 0 };

/** Page 1 replaces the list; later pages append, skipping contacts an earlier page (or the feed) already brought. */
export function addContactPage(state: ContactListState, page: number, response: ContactPage): ContactListState {
  const base = page === 1 ? [] : state.contacts;
  const known = new Set(base.map((c) => c.id));
  return { contacts: [...base, ...response.contacts.filter((c) => !known.has(c.id))], count: response.count, hasMore: response.hasMore, page, next: response.next };
}

/**
 * A `contact` entry applied to the list (spec: create or update upserts, new records first, delete removes). An
 * update carries what its event knew: it is merged into the contact the list has. A new contact joins only when
 * there is no search (the server decides what a search matches).
 */
export function applyContactFeed(state: ContactListState, payload: Exclude<ContactFeedPayload, { action: 'reload' }>, searching: boolean): ContactListState {
  if (payload.action === 'delete') {
    if (!state.contacts.some((c) => c.id === payload.contactId)) return state;
    return { ...state, contacts: state.contacts.filter((c) => c.id !== payload.contactId), count: Math.max(0, state.count - 1) };
  }
  const { extraInfo: _extra, ...fields } = payload.contact;
  const index = state.contacts.findIndex((c) => c.id === fields.id);
  if (index >= 0) {
    const contacts = [...state.contacts];
    contacts[index] = { ...contacts[index]!, ...fields };
    return { ...state, contacts };
  }
  if (searching) return state;
  const added: Contact = { name: fields.number, email: '', profilePicUrl: '', isGroup: false, ...fields };
  return { ...state, contacts: [added, ...state.contacts], count: state.count + 1 };
}
