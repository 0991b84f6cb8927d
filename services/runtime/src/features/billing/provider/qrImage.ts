import QRCode from 'qrcode';

/**
 * The QR image of a payload as a PNG data URL (`data:image/png;base64,…`), what the spec's Payment carries in
 * `qrcode.imagemQrcode`. Error correction M, as banks' apps read Pix codes printed small or shown on a dim screen.
 */
export function qrImage(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
