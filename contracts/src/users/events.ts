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
}

export type UserEvent =
  | { type: 'UserCreated'; data: { id: number } & UserFields }
  | { type: 'UserUpdated'; data: { id: number; changes: Partial<UserFields> } }
  | { type: 'UserDeleted'; data: { id: number } };
