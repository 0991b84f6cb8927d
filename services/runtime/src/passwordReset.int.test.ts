import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@atendo/core/testing';
import type { OutboxMail } from './mail/devOutbox.js';
import { addUser } from './testing/accounts.js';
import { startHarness, type Harness } from './testing/harness.js';

// The whole way a person who lost their password takes: an e-mail over real SMTP (the local outbox), the code, a new password.
describe('password reset', () => {
  let h: Harness;
  const post = (path: string, headers: Record<string, string> = {}) => h.api<{ error?: string; message?: string }>(path, { method: 'POST', headers });
  const codeIn = async (email: string) =>
    eventually(async () => {
      const mails = (await h.api<OutboxMail[]>(`/dev/outbox?to=${encodeURIComponent(email)}`)).body;
      expect(mails.length).toBeGreaterThan(0);
      return { mail: mails[0]!, code: /\b(\d{6})\b/.exec(mails[0]!.text)![1]! };
    });
  const signIn = (email: string, password: string) =>
    fetch(`${h.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('e-mails a code in the asker’s language; the code sets a new password once, and ends the old sessions', async () => {
    const user = await addUser(h, 'ines@demo.test', { password: 'Antiga-123' });
    const old = await h.login(user.email, 'Antiga-123');
    expect((await post(`/forgetpassword/${encodeURIComponent('INES@demo.test')}`, { 'accept-language': 'pt-BR' })).status).toBe(200);
    const { mail, code } = await codeIn(user.email);
    expect(mail).toMatchObject({ to: user.email, subject: 'Seu código para redefinir a senha' });

    expect(await post(`/resetpasswords/${user.email}/000000/Nova-senha-9`)).toMatchObject({ status: code === '000000' ? 200 : 400 });
    const weak = await h.api<{ details: Array<{ path: string; rule: string }> }>(`/resetpasswords/${user.email}/${code}/fraca`, { method: 'POST' });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toContainEqual(expect.objectContaining({ path: 'newPassword', rule: 'password' }));
    expect((await post(`/resetpasswords/${user.email}/${code}/Nova-senha-9`)).status).toBe(200);

    expect((await signIn(user.email, 'Antiga-123')).status).toBe(401);
    expect((await signIn(user.email, 'Nova-senha-9')).status).toBe(200);
    // Spent: the same code does not work twice.
    expect(await post(`/resetpasswords/${user.email}/${code}/Outra-senha-9`)).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_CODE' } });
    // Whoever held the old session is signed out.
    expect((await fetch(`${h.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: old.cookie } })).status).toBe(401);
    // The log says the password was reset, and nothing more.
    const events = await h.atendo.store.readStream(`user-${h.companyId}.${user.id}`);
    expect(events.filter((e) => e.type === 'PasswordChanged').map((e) => e.data)).toEqual([{ id: user.id, by: 'reset' }]);
    expect(JSON.stringify(events)).not.toContain(code);
  });

  it('takes the new password in the body, so that it stays out of URLs (access logs, proxies, browser history)', async () => {
    const user = await addUser(h, 'lia@demo.test', { password: 'Antiga-123' });
    await post(`/forgetpassword/${user.email}`);
    const { code } = await codeIn(user.email);
    const weak = await h.api<{ details: Array<{ path: string; rule: string }> }>(`/resetpasswords/${user.email}/${code}`, { body: { newPassword: 'fraca' } });
    expect(weak).toMatchObject({ status: 400, body: { details: [expect.objectContaining({ path: 'newPassword', rule: 'password' })] } });
    expect((await h.api(`/resetpasswords/${user.email}/${code}`, { body: { newPassword: 'Nova-senha-9' } })).status).toBe(200);
    expect((await signIn(user.email, 'Nova-senha-9')).status).toBe(200);
    expect(await h.api(`/resetpasswords/${user.email}/${code}`, { body: { newPassword: 'Outra-senha-9' } })).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_RESET_CODE' } });
  });

  it('answers 404 for an e-mail nobody has, as the spec says', async () => {
    expect(await post('/forgetpassword/ninguem@demo.test')).toMatchObject({ status: 404, body: { error: 'ERR_USER_DONT_EXISTS' } });
    expect(await post('/resetpasswords/ninguem@demo.test/123456/Nova-senha-9')).toMatchObject({ status: 404, body: { error: 'ERR_USER_DONT_EXISTS' } });
    expect(await post('/forgetpassword/not-an-email')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  it('ends a code after five wrong guesses, and holds back one who keeps asking', async () => {
    const user = await addUser(h, 'joao@demo.test');
    await post(`/forgetpassword/${user.email}`);
    const { code } = await codeIn(user.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await post(`/resetpasswords/${user.email}/${wrong}/Nova-senha-9`);
    // Five wrong guesses: even the right code no longer works (and the per-e-mail limit is reached too).
    expect((await post(`/resetpasswords/${user.email}/${code}/Nova-senha-9`)).status).not.toBe(200);
    expect((await signIn(user.email, 'Test-pass-123')).status).toBe(200);
    expect((await post(`/forgetpassword/${user.email}`)).status).toBe(429);
  });
});
