import type { Knex } from 'knex';
import type { ContactSummary, Message, QueueRef, Ticket } from '@atendo/contracts';

export interface ContactRow {
  id: number;
  company_id: number;
  name: string;
  number: string;
  email: string;
  profile_pic_url: string;
  is_group: boolean;
  /** The contact's extra information (contacts/migrations.ts); absent in rows written before it. */
  extra_info?: Array<{ name: string; value: string }>;
  stream_id: string;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface TicketRow {
  id: number;
  uuid: string;
  company_id: number;
  status: Ticket['status'];
  user_id: number | null;
  queue_id: number | null;
  whatsapp_id: number;
  contact_id: number;
  last_message: string;
  unread_messages: number;
  is_group: boolean;
  chatbot: boolean;
  /** The prompt or queue integration talking on it (decision 0033); absent on rows written before they existed. */
  prompt_id?: number | string | null;
  integration_id?: number | string | null;
  stream_id: string;
  /** A timestamp, or milliseconds since the epoch where a list reads it so (queries.ts). */
  created_at: string | Date | number;
  updated_at: string | Date | number;
}

export interface MessageRow {
  /** `{companyId}/{id}`: message ids are only unique within a company. */
  key: string;
  id: string;
  company_id: number;
  ticket_id: number;
  contact_id: number;
  whatsapp_id: number;
  body: string;
  from_me: boolean;
  media_type: Message['mediaType'];
  media_url: string | null;
  quoted_id: string | null;
  ack: number;
  is_deleted: boolean;
  is_edited: boolean;
  read: boolean;
  provider_message_id: string | null;
  user_id: number | null;
  failed: boolean;
  failure_reason: string | null;
  ordinal: number;
  created_at: string | Date;
}

/** Names of a company's users, queues and connections, for ticket answers. */
export interface Directory {
  users: Map<number, string>;
  queues: Map<number, QueueRef>;
  whatsapps: Map<number, string>;
}

export async function loadDirectory(knex: Knex, companyIds: number[]): Promise<Directory> {
  // One statement (inside a projector, a round trip a batch): each table's rows as one JSON array of [id, name(, color)].
  const { rows } = (await knex.raw(
    `SELECT (SELECT coalesce(json_agg(json_build_array(id, name)), '[]') FROM users WHERE company_id = ANY(:ids)) AS users,
            (SELECT coalesce(json_agg(json_build_array(id, name, color)), '[]') FROM queues WHERE company_id = ANY(:ids)) AS queues,
            (SELECT coalesce(json_agg(json_build_array(id, name)), '[]') FROM whatsapps WHERE company_id = ANY(:ids)) AS whatsapps`,
    { ids: companyIds },
  )) as { rows: Array<{ users: Array<[number, string]>; queues: Array<[number, string, string]>; whatsapps: Array<[number, string]> }> };
  const { users, queues, whatsapps } = rows[0]!;
  return {
    users: new Map(users),
    queues: new Map(queues.map(([id, name, color]) => [id, { id, name, color }])),
    whatsapps: new Map(whatsapps),
  };
}

const iso = (d: string | Date | number) => new Date(d).toISOString();

export function contactSummary(row: ContactRow): ContactSummary {
  return { id: row.id, name: row.name, number: row.number, email: row.email, profilePicUrl: row.profile_pic_url };
}

/** A ticket's answer; its row's stream is not part of it (a list's page does not read it). */
export function toTicket(row: Omit<TicketRow, 'stream_id'>, contact: ContactRow, dir: Directory): Ticket {
  const userName = row.user_id !== null ? dir.users.get(row.user_id) : undefined;
  const whatsappName = dir.whatsapps.get(row.whatsapp_id);
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status,
    userId: row.user_id,
    user: row.user_id !== null ? { id: row.user_id, name: userName ?? '' } : null,
    queueId: row.queue_id,
    queue: row.queue_id !== null ? (dir.queues.get(row.queue_id) ?? null) : null,
    whatsappId: row.whatsapp_id,
    whatsapp: whatsappName !== undefined ? { id: row.whatsapp_id, name: whatsappName } : null,
    contactId: row.contact_id,
    contact: contactSummary(contact),
    lastMessage: row.last_message,
    unreadMessages: row.unread_messages,
    updatedAt: iso(row.updated_at),
    createdAt: iso(row.created_at),
    isGroup: row.is_group,
    chatbot: row.chatbot,
    tags: [],
    companyId: row.company_id,
    useIntegration: row.prompt_id != null || row.integration_id != null,
    promptId: row.prompt_id == null ? null : Number(row.prompt_id),
    integrationId: row.integration_id == null ? null : Number(row.integration_id),
  };
}

export function toMessage(row: MessageRow, contact: ContactRow, quoted: MessageRow | null): Message {
  return {
    id: row.id,
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    body: row.body,
    fromMe: row.from_me,
    mediaType: row.media_type,
    mediaUrl: row.media_url,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.body,
          fromMe: quoted.from_me,
          mediaType: quoted.media_type,
          mediaUrl: quoted.media_url,
          contact: quoted.from_me ? null : { name: contact.name },
        }
      : null,
    ack: row.ack as Message['ack'],
    failed: row.failed,
    failureReason: row.failure_reason,
    isDeleted: row.is_deleted,
    isEdited: row.is_edited,
    userId: row.from_me ? (row.user_id === null ? null : Number(row.user_id)) : null,
    read: row.read,
    createdAt: iso(row.created_at),
    contact: row.from_me ? null : { id: contact.id, name: contact.name },
  };
}

export const messageKey = (companyId: number, id: string) => `${companyId}/${id}`;
