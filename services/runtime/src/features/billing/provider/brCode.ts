/**
 * The Pix "copia e cola" text: an EMV® QRCPS-MPM payload as the Brazilian Central Bank's BR Code manual and its Pix
 * initiation manual lay it out. Every field is ID (2 digits) + length (2 digits) + value; the last one, 63, is a
 * CRC16/CCITT-FALSE of everything before it, "6304" included, in 4 upper-case hex digits.
 *
 * A static code carries the receiver's Pix key (and may carry an amount and a txid of up to 25 characters); a dynamic
 * code carries the URL where the payer's bank fetches the charge (without "https://") and the txid "***".
 */

const PIX_GUI = 'br.gov.bcb.pix';
const NAME_MAX = 25;
const CITY_MAX = 15;
const STATIC_TXID_MAX = 25;

export interface BrCodeInput {
  merchantName: string;
  merchantCity: string;
  /** Static code: the receiver's Pix key. */
  key?: string;
  /** Dynamic code: the charge's location, without the scheme ("pix.example.com/qr/v2/…"). */
  location?: string;
  /** BRL with two decimals ("30.00"); none lets the payer type it. */
  amount?: string;
  /** Static code only (letters and digits, ≤ 25); a dynamic code always says "***". */
  txid?: string;
  /** Static code only: a message to the payer (26-02). */
  description?: string;
  /** Merchant category code; "0000" when not told. */
  mcc?: string;
}

/** What a payload says, field by field. */
export interface BrCode {
  payloadFormat: string;
  /** "12": a dynamic (single-use) code; "11": a static one that may be paid many times; absent in many static codes. */
  pointOfInitiation?: string;
  gui: string;
  key?: string;
  location?: string;
  description?: string;
  mcc: string;
  currency: string;
  amount?: string;
  country: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  txid?: string;
  crc: string;
  /** Every top-level field as read, by ID. */
  fields: Record<string, string>;
}

export class BrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrCodeError';
  }
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the text's bytes. */
export function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function crcHex(text: string): string {
  return crc16(text).toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  // Lengths count characters; only ASCII is written (see `plain`), so characters are bytes.
  if (value.length > 99) throw new BrCodeError(`field ${id} is ${value.length} characters long; the most is 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Name and city: without accents (the payer's bank shows them as ASCII), within the manual's lengths. */
function plain(text: string, max: number): string {
  const ascii = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return ascii.slice(0, max).trim();
}

export function buildBrCode(input: BrCodeInput): string {
  if (!input.key === !input.location) throw new BrCodeError('a BR Code carries either a Pix key (static) or a location (dynamic)');
  const dynamic = Boolean(input.location);
  if (input.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(input.amount)) throw new BrCodeError(`amount ${input.amount} is not like "30.00"`);
  const name = plain(input.merchantName, NAME_MAX);
  const city = plain(input.merchantCity, CITY_MAX);
  if (!name || !city) throw new BrCodeError('a BR Code needs the merchant name and city');
  let txid = '***';
  if (!dynamic && input.txid) {
    if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid)) throw new BrCodeError(`a static code's txid is up to ${STATIC_TXID_MAX} letters and digits`);
    txid = input.txid;
  }
  const account =
    field('00', PIX_GUI) +
    (dynamic ? field('25', input.location!.replace(/^https?:\/\//, '')) : field('01', input.key!)) +
    (!dynamic && input.description ? field('02', input.description) : '');
  const body =
    field('00', '01') +
    (dynamic ? field('01', '12') : '') +
    field('26', account) +
    field('52', input.mcc ?? '0000') +
    field('53', '986') +
    (input.amount !== undefined ? field('54', input.amount) : '') +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid)) +
    '6304';
  return body + crcHex(body);
}

/** Whether the payload ends in "6304" and the CRC of everything before the 4 digits. */
export function crcOk(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304') return false;
  return payload.slice(-4).toUpperCase() === crcHex(payload.slice(0, -4));
}

function readFields(text: string, where: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new BrCodeError(`${where}: no field ID and length at ${at}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new BrCodeError(`${where}: field ${head.slice(0, 2)} runs past the end`);
    out.push([head.slice(0, 2), value]);
    at += 4 + length;
  }
  return out;
}

/** Reads a payload; throws BrCodeError when it is not a well-formed Pix BR Code with a correct CRC. */
export function parseBrCode(payload: string): BrCode {
  const top = readFields(payload, 'payload');
  const fields: Record<string, string> = {};
  for (const [id, value] of top) {
    if (id in fields) throw new BrCodeError(`field ${id} appears twice`);
    fields[id] = value;
  }
  if (top[0]?.[0] !== '00' || fields['00'] !== '01') throw new BrCodeError('the payload does not start with format "01"');
  if (top.at(-1)?.[0] !== '63' || !/^[0-9A-Fa-f]{4}$/.test(fields['63'] ?? '')) throw new BrCodeError('the payload does not end in a CRC (63)');
  if (!crcOk(payload)) throw new BrCodeError('the CRC does not match the payload');

  // Merchant account information may sit in any of 26–51; Pix's is the one whose GUI is br.gov.bcb.pix.
  let account: Record<string, string> | undefined;
  for (const [id, value] of top) {
    if (Number(id) < 26 || Number(id) > 51) continue;
    const sub = Object.fromEntries(readFields(value, `field ${id}`));
    if (sub['00']?.toLowerCase() === PIX_GUI) account = sub;
  }
  if (!account) throw new BrCodeError('no merchant account with the Pix GUI (br.gov.bcb.pix)');
  if (!account['01'] === !account['25']) throw new BrCodeError('the Pix account names neither or both of a key and a location');
  for (const id of ['52', '53', '58', '59', '60'] as const) if (!fields[id]) throw new BrCodeError(`field ${id} is missing`);
  const additional = fields['62'] ? Object.fromEntries(readFields(fields['62'], 'field 62')) : {};

  return {
    payloadFormat: fields['00'],
    ...(fields['01'] !== undefined ? { pointOfInitiation: fields['01'] } : {}),
    gui: account['00']!,
    ...(account['01'] !== undefined ? { key: account['01'] } : {}),
    ...(account['25'] !== undefined ? { location: account['25'] } : {}),
    ...(account['02'] !== undefined ? { description: account['02'] } : {}),
    mcc: fields['52']!,
    currency: fields['53']!,
    ...(fields['54'] !== undefined ? { amount: fields['54'] } : {}),
    country: fields['58']!,
    merchantName: fields['59']!,
    merchantCity: fields['60']!,
    ...(fields['61'] !== undefined ? { postalCode: fields['61'] } : {}),
    ...(additional['05'] !== undefined ? { txid: additional['05'] } : {}),
    crc: fields['63']!.toUpperCase(),
    fields,
  };
}
