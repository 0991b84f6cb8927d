import type { BotRef, FlowGraph, PromptFields, QueueIntegrationFields } from '@atendo/contracts';

/** How long a bot waits for the customer's next message before it lets the ticket go to its queue's people. */
export const BOT_REPLY_TIMEOUT_MINUTES = 1440;

const start = { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} };

/** A flow of two blocks: the start, then the block that talks to the outside service until it is done. */
const twoBlocks = (type: string, data: Record<string, unknown>, loops: string[] = []): FlowGraph => ({
  nodes: [start, { id: 'bot', type, position: { x: 240, y: 0 }, data }],
  connections: [{ source: '1', sourceHandle: 'default', target: 'bot' }, ...loops.map((port) => ({ source: 'bot', sourceHandle: port, target: 'bot' }))],
});

/**
 * The flow a prompt or a queue integration runs on (decision 0033): its record at one version, put into the block that
 * speaks its service, so a bot is a flow execution like any other — durable waits, outside calls off the log's path,
 * silenced when a person takes the ticket — and its behaviour is the flow blocks' own. Secrets stay the references
 * the record keeps. A `flowbuilder` integration runs its flow itself and has no graph here (null).
 */
export function botGraph(kind: BotRef['kind'], fields: PromptFields | QueueIntegrationFields): FlowGraph | null {
  if (kind === 'prompt') {
    const p = fields as PromptFields;
    return twoBlocks('openai', {
      typebotIntegration: {
        name: p.name, apiKey: p.apiKey, prompt: p.prompt, model: p.model, temperature: p.temperature, maxTokens: p.maxTokens, maxMessages: p.maxMessages,
        voice: p.voice, voiceKey: p.voiceKey, voiceRegion: p.voiceRegion,
      },
      queue: { id: p.queueId, name: '' },
      timeoutMinutes: BOT_REPLY_TIMEOUT_MINUTES,
    });
  }
  const i = fields as QueueIntegrationFields;
  switch (i.type) {
    case 'n8n':
    case 'webhook':
      // `retry` leads back into the block: a failed post is tried again after its back-off (plugins/webhook).
      return twoBlocks('webhook', { url: i.urlN8N, secret: i.webhookSecret, retries: 4, timeoutMinutes: BOT_REPLY_TIMEOUT_MINUTES }, ['retry']);
    case 'dialogflow':
      return twoBlocks('dialogflow', { credentials: i.jsonContent, projectId: i.projectName, language: i.language, timeoutMinutes: BOT_REPLY_TIMEOUT_MINUTES });
    case 'typebot':
      return twoBlocks('typebot', {
        typebotIntegration: {
          name: i.name, url: i.urlN8N, typebotSlug: i.typebotSlug, expires: i.typebotExpires, delayMessage: i.typebotDelayMessage,
          keywordFinish: i.typebotKeywordFinish, keywordRestart: i.typebotKeywordRestart, restartMessage: i.typebotRestartMessage, unknownMessage: i.typebotUnknownMessage,
        },
        timeoutMinutes: BOT_REPLY_TIMEOUT_MINUTES,
      });
    case 'flowbuilder':
      return null;
  }
}
