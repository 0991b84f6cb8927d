import { CONTACTS_ERRORS } from '@atendo/contracts';
import { defineFeature } from './featureModule.js';

/** The contact record's rules live in the customer stream; its rows in the tickets projection. */
export const contacts = defineFeature({
  name: 'contacts',
  errors: CONTACTS_ERRORS,
});
