import { describe, it } from 'vitest';
import type { ContactListItemEvent, ContactListItemFields } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { contactListDecider, contactListItemDecider } from './contactList.js';

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
  it('are not found once deleted', () => {
    spec.given([created, { type: 'ContactListItemDeleted', data: { id: 8 } }]).when({ type: 'delete' }).thenThrows('ERR_CONTACT_LIST_ITEM_NOT_FOUND');
  });
});
