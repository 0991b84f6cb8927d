import { describe, expect, it } from 'vitest';
import { BrCodeError, buildBrCode, crc16, crcOk, parseBrCode } from './brCode.js';

/** The two examples of the Central Bank's Pix initiation manual (static with a random key; dynamic with a location). */
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const BCB_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';

/** Other payloads published with their CRCs (a field-by-field gist of the manual, and generators' READMEs). */
const PUBLISHED = [
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
  '00020126330014BR.GOV.BCB.PIX011197212482404520400005303986540530.005802BR5918Victor Julio Rocha6006RECIFE62110507VIPSURF630425A1',
  '00020126330014br.gov.bcb.pix0111263857099065204000053039865802BR5913FULANO DE TAL6006Cidade62070503***6304151C',
  '00020126330014BR.GOV.BCB.PIX01111234567890052040000530398654041.005802BR5914Nome Sobrenome6015Cidade Ficticia62100506LOJA016304C8E4',
];

describe('crc16 (CCITT-FALSE)', () => {
  it('gives the check value of "123456789": 0x29B1', () => {
    expect(crc16('123456789')).toBe(0x29b1);
  });

  it.each([BCB_STATIC, BCB_DYNAMIC, ...PUBLISHED])('matches the published CRC of %s', (payload) => {
    expect(crcOk(payload)).toBe(true);
  });

  it('refuses a payload with one character changed, or without its CRC field', () => {
    expect(crcOk(BCB_STATIC.replace('BRASILIA', 'BRASILIO'))).toBe(false);
    expect(crcOk(BCB_STATIC.slice(0, -4) + '1D3E')).toBe(false);
    expect(crcOk(BCB_STATIC.slice(0, -8))).toBe(false);
  });
});

describe('buildBrCode', () => {
  it("reproduces the manual's static example byte for byte", () => {
    expect(buildBrCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_STATIC);
  });

  it("reproduces the manual's dynamic example byte for byte (a URL given with its scheme loses it)", () => {
    expect(buildBrCode({ location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_DYNAMIC);
    expect(buildBrCode({ location: 'https://pix.example.com/8b3da2f39a4140d1a91abd93113bd441', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_DYNAMIC);
  });

  it("reproduces a generator's published static code with a key, name and city", () => {
    expect(buildBrCode({ key: '26385709906', merchantName: 'FULANO DE TAL', merchantCity: 'Cidade' })).toBe(PUBLISHED[2]);
  });

  it('writes a dynamic charge with its amount: point of initiation 12, location, 54, txid ***, and reads back', () => {
    const payload = buildBrCode({ location: 'localhost:8080/pix-simulator/v2/abc', amount: '30.00', merchantName: 'Atendo Serviços Digitais Ltda', merchantCity: 'São Paulo' });
    expect(payload).toContain('010212');
    expect(payload).toContain('540530.00');
    const read = parseBrCode(payload);
    expect(read).toMatchObject({
      pointOfInitiation: '12',
      location: 'localhost:8080/pix-simulator/v2/abc',
      amount: '30.00',
      currency: '986',
      country: 'BR',
      mcc: '0000',
      // Without accents and within 25 / 15 characters.
      merchantName: 'Atendo Servicos Digitais',
      merchantCity: 'Sao Paulo',
      txid: '***',
    });
    expect(read.key).toBeUndefined();
  });

  it('refuses what the manual does not allow', () => {
    const base = { merchantName: 'A', merchantCity: 'B' };
    expect(() => buildBrCode(base)).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, key: 'k', location: 'l' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, key: 'k', amount: '30' })).toThrow(/30\.00/);
    expect(() => buildBrCode({ ...base, key: 'k', txid: 'has-dash' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, location: `x.example/${'a'.repeat(90)}` })).toThrow(/99/);
  });
});

describe('parseBrCode', () => {
  it("reads the manual's examples field by field", () => {
    expect(parseBrCode(BCB_STATIC)).toMatchObject({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: '***', crc: '1D3D' });
    expect(parseBrCode(BCB_DYNAMIC)).toMatchObject({ pointOfInitiation: '12', location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441', crc: '64E4' });
    expect(parseBrCode(PUBLISHED[1]!)).toMatchObject({ key: '97212482404', amount: '30.00', txid: 'VIPSURF' });
  });

  it('throws on a wrong CRC, a truncated field, or no Pix account', () => {
    expect(() => parseBrCode(BCB_STATIC.slice(0, -4) + '0000')).toThrow(/CRC/);
    expect(() => parseBrCode(BCB_STATIC.slice(0, 30))).toThrow(BrCodeError);
    const other = buildBrCode({ key: 'k', merchantName: 'A', merchantCity: 'B' }).replace('br.gov.bcb.pix', 'br.gov.bcb.pox');
    const recrc = other.slice(0, -4) + crc16(other.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0');
    expect(() => parseBrCode(recrc)).toThrow(/GUI/);
  });
});
