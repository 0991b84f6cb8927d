import type { BotBlock, PromptFields } from '@atendo/flow-engine';

/** The prompts run on this block (decision 0033): the record's model and voice, and the queue a transfer goes to. */
export const bot: BotBlock = {
  serves: ['prompt'],
  data: (record, { replyTimeoutMinutes }) => {
    const p = record as PromptFields;
    return {
      typebotIntegration: {
        name: p.name, apiKey: p.apiKey, prompt: p.prompt, model: p.model, temperature: p.temperature, maxTokens: p.maxTokens, maxMessages: p.maxMessages,
        voice: p.voice, voiceKey: p.voiceKey, voiceRegion: p.voiceRegion,
      },
      queue: { id: p.queueId, name: '' },
      timeoutMinutes: replyTimeoutMinutes,
    };
  },
};
