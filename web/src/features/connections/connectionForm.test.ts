import { connectionSchema } from '@atendo/contracts';
import { describe, expect, it } from 'vitest';
import { initialValues, tabOf, toChanges, toNewConnection } from './connectionForm';
import { aConnection } from '../../test/fixtures';

describe('the connection form', () => {
  it("starts a new connection with spec §3's defaults, which the contracts' schema accepts", async () => {
    const body = toNewConnection({ ...initialValues(), name: ' Sales ' });
    expect(body).toMatchObject({ name: 'Sales', channel: 'baileys', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, timeToTransfer: null, promptId: null, queueIds: [] });
    await expect(connectionSchema.validate(body)).resolves.toBeTruthy();
  });

  it('refuses a blank count instead of reading it as 0', async () => {
    const body = toNewConnection({ ...initialValues(), name: 'Sales', maxUseBotQueues: '' });
    await expect(connectionSchema.validate(body)).rejects.toMatchObject({ path: 'maxUseBotQueues' });
  });

  it('sends on edit only what changed, never the channel nor the token (the server makes it)', () => {
    const before = initialValues({ ...aConnection(4, { name: 'Sales', channel: 'simulator', queueIds: [1] }), token: '••••abcd' });
    expect(toChanges(before, before)).toEqual({});
    expect(toChanges({ ...before, name: 'Support', queueIds: [1, 2], transferQueueId: '2' }, before)).toEqual({
      name: 'Support',
      queueIds: [1, 2],
      transferQueueId: 2,
    });
    expect(toNewConnection(before)).not.toHaveProperty('token');
  });

  it('knows the tab of each field', () => {
    expect([tabOf('name'), tabOf('greetingMessage'), tabOf('maxUseBotQueues')]).toEqual(['general', 'messages', 'automation']);
  });
});
