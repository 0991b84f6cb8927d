import type { BotHealth, Prompt, QueueIntegration } from '@atendo/contracts';

export const healthy: BotHealth = { status: 'ok', lastError: null, lastErrorAt: null };

/** A saved prompt as GET /prompt answers it (its key masked), for the tests. */
export function prompt(id: number, change: Partial<Prompt> = {}): Prompt {
  return {
    id,
    name: `Assistant ${id}`,
    prompt: 'You are the friendly assistant of a bakery. Answer briefly and kindly, in Portuguese.',
    model: 'gpt-3.5-turbo-1106',
    maxTokens: 100,
    temperature: 1,
    apiKey: '••••wxyz',
    queueId: 1,
    queue: { id: 1, name: 'Sales' },
    maxMessages: 10,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
    health: healthy,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...change,
  };
}

/** A saved integration as GET /queueIntegration answers it, for the tests. */
export function integration(id: number, change: Partial<QueueIntegration> = {}): QueueIntegration {
  return {
    id,
    type: 'webhook',
    name: `Integration ${id}`,
    projectName: `Integration ${id}`,
    jsonContent: '',
    language: 'pt-BR',
    urlN8N: 'https://hooks.example.com/atendo',
    webhookSecret: '••••9f3a',
    typebotSlug: '',
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: '',
    typebotKeywordRestart: '',
    typebotRestartMessage: '',
    typebotUnknownMessage: '',
    flowId: null,
    health: healthy,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...change,
  };
}
