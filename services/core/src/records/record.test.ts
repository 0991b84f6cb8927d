import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import { queueDecider, whatsappSessionDecider, type QueueFields } from './catalogue.js';

const fields: QueueFields = { companyId: 1, name: 'Vendas', color: '#0f0', greetingMessage: '', outOfHoursMessage: '', orderQueue: 1 };
const created = { type: 'QueueCreated' as const, data: { id: 3, ...fields } };

describe('catalogue records', () => {
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
    spec.given([]).when({ type: 'update', changes: { name: 'x' } }).thenThrows('ERR_NOT_FOUND');
    spec.given([created, { type: 'QueueDeleted', data: { id: 3 } }]).when({ type: 'delete' }).thenThrows('ERR_NOT_FOUND');
    spec.given([created]).when({ type: 'delete' }).then([{ type: 'QueueDeleted', data: { id: 3 } }]);
  });
  it('records a session change only when something changed', () => {
    const s = deciderSpec(whatsappSessionDecider);
    const qr = { type: 'WhatsappSessionChanged' as const, data: { whatsappId: 1, status: 'qrcode' as const, qrcode: 'abc' } };
    s.given([]).when({ whatsappId: 1, status: 'qrcode', qrcode: 'abc' }).then([qr]);
    s.given([qr]).when({ whatsappId: 1, status: 'qrcode', qrcode: 'abc' }).then([]);
    s.given([qr]).when({ whatsappId: 1, status: 'CONNECTED', qrcode: '' }).then([{ type: 'WhatsappSessionChanged', data: { whatsappId: 1, status: 'CONNECTED', qrcode: '' } }]);
  });
});
