import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactPage } from '@atendo/contracts';
import { eventually } from '@atendo/core/testing';
import { addCompany } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

type Answer<T> = T & { error?: string; details?: Array<{ path: string }> };

describe('contact search (GET /contacts)', () => {
  let h: Harness;
  let adminToken: string;
  let tokenB: string;
  const search = (query: string, token = adminToken) => h.api<Answer<ContactPage>>(`/contacts?${query}`, { token });
  const names = async (searchParam: string, token = adminToken) => (await search(`searchParam=${encodeURIComponent(searchParam)}`, token)).body.contacts.map((c) => c.name);

  beforeAll(async () => {
    h = await startHarness();
    adminToken = (await h.login()).token;
    await h.customerSays('5511944440001', 'Oi', 'João Núñez');
    await h.customerSays('5511944440002', 'Olá', 'Maria Joana');
    await h.customerSays('5521933330003', 'Bom dia', 'Carlos 100%');
    // Enough for two pages.
    for (let i = 1; i <= 22; i++) await h.customerSays(`55119222200${String(i).padStart(2, '0')}`, 'mensagem', `Paginado ${String(i).padStart(2, '0')}`);

    const b = await addCompany(h, 'Contatos B');
    tokenB = (await h.login(b.email, b.password)).token;
    await h.api(`/whatsappsession/${b.whatsappId}`, { method: 'POST', token: tokenB });
    await h.pair(b.whatsappId);
    await h.customerSays('5511944449999', 'sou da B', 'João da B', b.whatsappId);

    await eventually(async () => expect((await search('searchParam=Paginado')).body.count).toBe(22));
    await eventually(async () => expect((await search('', tokenB)).body.count).toBe(1));
  });
  afterAll(async () => h?.stop());

  it('finds contacts by a fragment of the name, whatever its case or accents', async () => {
    expect(await names('joão')).toEqual(['João Núñez']);
    expect(await names('JOAO')).toEqual(['João Núñez']);
    expect(await names('Joã')).toEqual(['João Núñez', 'Maria Joana']);
    expect(await names('nunez')).toEqual(['João Núñez']);
    expect(await names('NÚÑ')).toEqual(['João Núñez']);
    // % and _ are letters here, not patterns.
    expect(await names('100%')).toEqual(['Carlos 100%']);
    expect(await names('%')).toEqual(['Carlos 100%']);
    expect(await names('_')).toEqual([]);
  });

  it('finds contacts by a fragment of the number, also typed with separators', async () => {
    expect(await names('44440002')).toEqual(['Maria Joana']);
    expect(await names('(21) 93333')).toEqual(['Carlos 100%']);
    // A beginning or an end that ends in 9: the range after it starts at the next character.
    expect(await names('55119')).toEqual(['João Núñez', 'Maria Joana', ...Array.from({ length: 18 }, (_, i) => `Paginado ${String(i + 1).padStart(2, '0')}`)]);
    expect(await names('922220019')).toEqual(['Paginado 19']);
    expect(await names('552193')).toEqual(['Carlos 100%']);
    // Digits no number begins or ends with, found inside: 3 and 4 of them near the end, 11 across three grams, 2.
    expect(await names('000')).toEqual(['Carlos 100%', 'João Núñez', 'Maria Joana', ...Array.from({ length: 9 }, (_, i) => `Paginado 0${i + 1}`)]);
    expect(await names('4000')).toEqual(['João Núñez', 'Maria Joana']);
    expect(await names('51194444000')).toEqual(['João Núñez', 'Maria Joana']);
    expect(await names('5119444400')).toEqual(['João Núñez', 'Maria Joana']);
    expect(await names('33')).toEqual(['Carlos 100%']);
    expect(await names('4441')).toEqual([]);
    const [contact] = (await search('searchParam=5511944440001')).body.contacts;
    expect(contact).toEqual({ id: expect.any(Number), name: 'João Núñez', number: '5511944440001', email: '', profilePicUrl: '', isGroup: false });
  });

  it("never shows another company's contacts", async () => {
    expect(await names('joão')).not.toContain('João da B');
    expect(await names('5511944449999')).toEqual([]);
    expect(await names('joão', tokenB)).toEqual(['João da B']);
    expect(await names('Paginado', tokenB)).toEqual([]);
  });

  it('pages 20 at a time, by name, saying whether more follow', async () => {
    const first = (await search('searchParam=paginado')).body;
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.contacts.map((c) => c.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Paginado ${String(i + 1).padStart(2, '0')}`));
    const second = (await search('searchParam=paginado&pageNumber=2')).body;
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(second.contacts.map((c) => c.name)).toEqual(['Paginado 21', 'Paginado 22']);
    expect((await search('searchParam=paginado&pageNumber=3')).body).toMatchObject({ contacts: [], count: 22, hasMore: false });
    // After the first page's `next`: the same second page, read on from where the first ended.
    expect(first.next).toEqual(expect.any(String));
    expect((await search(`searchParam=paginado&pageNumber=2&cursor=${encodeURIComponent(first.next!)}`)).body).toEqual({ ...second, contacts: second.contacts });
    expect(second.next).toBeUndefined();
    // Without a search: every contact of the company, by name, the second page after the first's cursor.
    const all = (await search('')).body;
    expect(all).toMatchObject({ count: 25, hasMore: true });
    const rest = (await search(`cursor=${encodeURIComponent(all.next!)}`)).body;
    expect(rest).toMatchObject({ count: 25, hasMore: false });
    expect([...all.contacts, ...rest.contacts].map((c) => c.name)).toEqual(
      ['Carlos 100%', 'João Núñez', 'Maria Joana', ...Array.from({ length: 22 }, (_, i) => `Paginado ${String(i + 1).padStart(2, '0')}`)],
    );
    // The cursor wins over the page number.
    expect((await search(`pageNumber=5&cursor=${encodeURIComponent(all.next!)}`)).body.contacts).toEqual(rest.contacts);
  });

  it('refuses a bad page or an overlong search with a 400, and a caller without a session with a 401', async () => {
    expect(await search('pageNumber=0')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'pageNumber' }] } });
    expect(await search('pageNumber=abc')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await search('cursor=joao')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', details: [{ path: 'cursor' }] } });
    expect(await search(`searchParam=${'x'.repeat(101)}`)).toMatchObject({ status: 400, body: { details: [{ path: 'searchParam' }] } });
    expect((await h.api('/contacts')).status).toBe(401);
  });
});
