import type { Profile } from '../api.js';

export interface UserFields {
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queueIds: number[];
  /** The console's language, kept for the user's other devices and for the API's messages. */
  language?: 'pt' | 'en' | 'es';
}

/** Who changed a password: the user, an admin, or the reset by e-mailed code. */
export type PasswordChangedBy = 'self' | 'admin' | 'reset';

export type UserEvent =
  | { type: 'UserCreated'; data: { id: number } & UserFields }
  | { type: 'UserUpdated'; data: { id: number; changes: Partial<UserFields> } }
  | { type: 'UserDeleted'; data: { id: number } }
  /** That the password changed, and by whom; never the password or its hash (decision 0015). */
  | { type: 'PasswordChanged'; data: { id: number; by: PasswordChangedBy } }
  /** A sign-in began a session (the refresh family's id, no secret): the user's other consoles are told (`auth`). */
  | { type: 'UserSignedIn'; data: { id: number; sessionId: string } };

/** What the console hears on `auth`: its user signed in elsewhere (a console of another session shows the notice). */
export type AuthFeedPayload = {
  action: 'signedIn';
  userId: number;
  sessionId: string;
};

/** What the console hears on `user`: which user changed (the list fetches it again). */
export type UserFeedPayload = { action: 'create' | 'update'; id: number } | { action: 'delete'; userId: number };
