import { describe, it } from 'vitest';
import type { QueueFields } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { queueDecider } from '../queues/queue.js';

const fields: QueueFields = { companyId: 1, name: 'Vendas', color: '#0f0', greetingMessage: '', outOfHoursMessage: '', orderQueue: 1 };
const created = { type: 'QueueCreated' as const, data: { id: 3, ...fields } };

// The generic record decider, seen through one of the features made from it (with the feature's own not-found code).
describe('records', () => {
  const spec = deciderSpec(queueDecider);
  it('creates a record once', () => {
    spec.given([]).when({ type: 'create', id: 3, fields }).then([created]);
    spec.given([created]).when({ type: 'create', id: 3, fields }).thenThrows('ERR_VALIDATION');
  });
  it('records only what changed', () => {
    spec.given([created]).when({ type: 'update', changes: { name: 'Vendas', color: '#00f' } }).then([{ type: 'QueueUpdated', data: { id: 3, changes: { color: '#00f' } } }]);
    spec.given([created]).when({ type: 'update', changes: { name: 'Vendas' } }).then([]);
  });
  it('refuses to change or delete what is not there', () => {
    spec.given([]).when({ type: 'update', changes: { name: 'x' } }).thenThrows('ERR_QUEUE_NOT_FOUND');
    spec.given([created, { type: 'QueueDeleted', data: { id: 3 } }]).when({ type: 'delete' }).thenThrows('ERR_QUEUE_NOT_FOUND');
    spec.given([created]).when({ type: 'delete' }).then([{ type: 'QueueDeleted', data: { id: 3 } }]);
  });
});
