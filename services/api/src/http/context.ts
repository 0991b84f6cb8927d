import type { Position } from '@atendo/contracts';
import type { ContactStreamService } from '@atendo/core';
import type { ConnectionQueries, TicketQueries, QueueQueries, UserQueries } from '@atendo/read';
import type { CompanyGate } from '../auth/companyGate.js';
import type { IdempotencyKeys } from '../messages/idempotencyKeys.js';

/** What feature routes need from the rest of the system. */
export interface ApiContext {
  secret: string;
  users: UserQueries;
  /** The companies' standing, checked on every signed-in request (routes that sign requests in themselves use it too). */
  companies: CompanyGate;
  queues: QueueQueries;
  connections: ConnectionQueries;
  conversations: TicketQueries;
  conversationService: ContactStreamService;
  idempotencyKeys: IdempotencyKeys;
  /** Resolves once the read models include everything up to `position` (read-your-writes). */
  readYourWrites(position: Position | undefined): Promise<void>;
}
