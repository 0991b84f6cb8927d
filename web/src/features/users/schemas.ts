import { userChangesSchema, userSchema } from '@atendo/contracts';

/**
 * A change as the forms send it: name and e-mail are always there and required (a cleared field reads "is required",
 * not "too short"); every other field as userChangesSchema. Both halves are the contracts' own rules.
 */
export const userEditSchema = userChangesSchema.concat(userSchema.pick(['name', 'email']));
