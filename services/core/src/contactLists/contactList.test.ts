import { describe, it } from 'vitest';
import type { ContactListItemEvent, ContactListItemFields } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { contactListDecider, contactListItemDecider, whatsappVerdict } from './contactList.js';

describe('contact lists', () => {
  const spec = deciderSpec(contactListDecider);
  it('are created, renamed and deleted', () => {
    const created = { type: 'ContactListCreated' as const, data: { id: 3, companyId: 1, name: 'Clientes' } };
    spec.given([]).when({ type: 'create', id: 3, fields: { companyId: 1, name: 'Clientes' } }).then([created]);
    spec.given([created]).when({ type: 'update', changes: { name: 'VIP' } }).then([{ type: 'ContactListUpdated', data: { id: 3, changes: { name: 'VIP' } } }]);
    spec.given([created]).when({ type: 'delete' }).then([{ type: 'ContactListDeleted', data: { id: 3 } }]);
    spec.given([created, { type: 'ContactListDeleted', data: { id: 3 } }]).when({ type: 'update', changes: { name: 'VIP' } }).thenThrows('ERR_CONTACT_LIST_NOT_FOUND');
  });
});

describe('contact list items', () => {
  const spec = deciderSpec(contactListItemDecider);
  const fields: ContactListItemFields = { companyId: 1, contactListId: 3, name: 'Ana', number: '5511900000001', email: '', isWhatsappValid: null };
  const created: ContactListItemEvent = { type: 'ContactListItemCreated', data: { id: 8, ...fields } };
  it("are created unchecked, then WhatsApp's verdict is recorded once", () => {
    spec.given([]).when({ type: 'create', id: 8, fields }).then([created]);
    spec.given([created]).when({ type: 'update', changes: { isWhatsappValid: true } }).then([{ type: 'ContactListItemUpdated', data: { id: 8, changes: { isWhatsappValid: true } } }]);
    spec.given([created, { type: 'ContactListItemUpdated', data: { id: 8, changes: { isWhatsappValid: true } } }]).when({ type: 'update', changes: { isWhatsappValid: true } }).then([]);
  });
  it("WhatsApp's verdict counts only for the number that was checked", () => {
    const stateOf = (events: ContactListItemEvent[]) => events.reduce(contactListItemDecider.evolve, contactListItemDecider.initialState());
    const checked = { number: '5511900000001', valid: false };
    spec.given([created]).when(whatsappVerdict(checked)(stateOf([created]))).then([{ type: 'ContactListItemUpdated', data: { id: 8, changes: { isWhatsappValid: false } } }]);
    // The number changed between the question and the answer: nothing is recorded, the new number is asked about next.
    const renumbered: ContactListItemEvent[] = [created, { type: 'ContactListItemUpdated', data: { id: 8, changes: { number: '5511900000002', isWhatsappValid: null } } }];
    spec.given(renumbered).when(whatsappVerdict(checked)(stateOf(renumbered))).then([]);
    const deleted: ContactListItemEvent[] = [created, { type: 'ContactListItemDeleted', data: { id: 8 } }];
    spec.given(deleted).when(whatsappVerdict(checked)(stateOf(deleted))).thenThrows('ERR_CONTACT_LIST_ITEM_NOT_FOUND');
  });
  it('are not found once deleted', () => {
    spec.given([created, { type: 'ContactListItemDeleted', data: { id: 8 } }]).when({ type: 'delete' }).thenThrows('ERR_CONTACT_LIST_ITEM_NOT_FOUND');
  });
});
