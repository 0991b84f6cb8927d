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

  it('records a stop reason, and the delivery health only when it flips', () => {
    const s = deciderSpec(whatsappSessionDecider);
    const stuck = { type: 'WhatsappSessionChanged' as const, data: { whatsappId: 1, status: 'TIMEOUT' as const, qrcode: '', reason: 'QR code not scanned in time' } };
    s.given([]).when({ whatsappId: 1, status: 'TIMEOUT', qrcode: '', reason: 'QR code not scanned in time' }).then([stuck]);
    s.given([stuck]).when({ whatsappId: 1, status: 'TIMEOUT', qrcode: '', reason: 'QR code not scanned in time' }).then([]);
    const degraded = { type: 'WhatsappDeliveryChanged' as const, data: { whatsappId: 1, degraded: true, reason: '463' } };
    s.given([stuck]).when({ whatsappId: 1, degraded: true, reason: '463' }).then([degraded]);
    s.given([stuck, degraded]).when({ whatsappId: 1, degraded: true, reason: 'again' }).then([]);
    s.given([stuck, degraded]).when({ whatsappId: 1, degraded: false, reason: '' }).then([{ type: 'WhatsappDeliveryChanged', data: { whatsappId: 1, degraded: false, reason: '' } }]);
  });
});
