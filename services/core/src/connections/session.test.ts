import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/deciderSpec.js';
import { whatsappSessionDecider } from './session.js';

describe('connection sessions', () => {
  it('records a session change only when something changed', () => {
    const s = deciderSpec(whatsappSessionDecider);
    const qr = { type: 'WhatsappSessionChanged' as const, data: { whatsappId: 1, status: 'qrcode' as const, qrcode: 'abc' } };
    s.given([]).when({ whatsappId: 1, status: 'qrcode', qrcode: 'abc' }).then([qr]);
    s.given([qr]).when({ whatsappId: 1, status: 'qrcode', qrcode: 'abc' }).then([]);
    s.given([qr]).when({ whatsappId: 1, status: 'CONNECTED', qrcode: '' }).then([{ type: 'WhatsappSessionChanged', data: { whatsappId: 1, status: 'CONNECTED', qrcode: '' } }]);
  });
});
