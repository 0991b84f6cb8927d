import type { AppMessageFeedPayload, ListMessagesResponse, Message } from '@atendo/contracts';

export interface MessageListState {
  messages: Message[];
  hasMore: boolean;
  page: number;
  /** Where the next older page starts (the server's cursor). */
  next?: string;
}

export const emptyMessageList: MessageListState = { messages: [], hasMore: false, page: 0 };

/** Page 1 holds the newest messages; each further page holds older ones and goes on top. */
export function addMessagePage(
  state: MessageListState,
  page: number,
  { messages, hasMore, next }: Pick<ListMessagesResponse, 'messages' | 'hasMore' | 'next'>,
): MessageListState {
  const rest = page === 1 ? [] : state.messages;
  const known = new Set(rest.map((m) => m.id));
  return { messages: [...messages.filter((m) => !known.has(m.id)), ...rest], hasMore, page, ...(next ? { next } : {}) };
}

/** Spec §4: create adds at the end, update replaces by id (acks, edits, deletions). */
export function applyMessageEntry(state: MessageListState, ticketId: number, payload: AppMessageFeedPayload): MessageListState {
  const { message } = payload;
  if (message.ticketId !== ticketId) return state;
  const index = state.messages.findIndex((m) => m.id === message.id);
  if (index === -1) return payload.action === 'create' ? { ...state, messages: [...state.messages, message] } : state;
  return { ...state, messages: state.messages.map((m) => (m.id === message.id ? message : m)) };
}
