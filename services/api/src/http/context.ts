import type { Position } from '@atendo/contracts';
import type { ContactStreamService } from '@atendo/core';
import type { ConnectionQueries, TicketQueries, QueueQueries, UserQueries } from '@atendo/read';
import type { IdempotencyKeys } from '../messages/idempotencyKeys.js';

/** What feature routes need from the rest of the system. */
export interface ApiContext {
  secret: string;
  users: UserQueries;
  queues: QueueQueries;
  connections: ConnectionQueries;
  conversations: TicketQueries;
  conversationService: ContactStreamService;
  idempotencyKeys: IdempotencyKeys;
  /** Resolves once the read models include everything up to `position` (read-your-writes). */
  readYourWrites(position: Position | undefined): Promise<void>;
}
