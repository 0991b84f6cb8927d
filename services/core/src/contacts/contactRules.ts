import type { ContactEvent } from '@atendo/contracts';
import type { RuleFamily } from '../commands/ruleFamily.js';
import type { ContactStreamState } from './contactStream.js';

/**
 * The contact record of a customer's stream. Contacts come and get their names from the customer's messages (the
 * messages family decides those); this family folds them.
 */
export const contactRules: RuleFamily<never, ContactEvent, ContactStreamState> = {
  name: 'contacts',
  decide: {},
  evolve: {
    ContactCreated(next, { data }) {
      next.contact = { id: data.contactId, number: data.number, name: data.name, isGroup: data.isGroup };
    },
    ContactRenamed(next, { data }, state) {
      if (state.contact) next.contact = { ...state.contact, name: data.name };
    },
  },
};
