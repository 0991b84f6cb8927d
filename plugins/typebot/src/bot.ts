import type { BotBlock, QueueIntegrationFields } from '@atendo/flow-engine';

/** The queue integrations of type typebot run on this block (decision 0033): the record's bot and its options. */
export const bot: BotBlock = {
  serves: ['typebot'],
  data: (record, { replyTimeoutMinutes }) => {
    const i = record as QueueIntegrationFields;
    return {
      typebotIntegration: {
        name: i.name, url: i.urlN8N, typebotSlug: i.typebotSlug, expires: i.typebotExpires, delayMessage: i.typebotDelayMessage,
        keywordFinish: i.typebotKeywordFinish, keywordRestart: i.typebotKeywordRestart, restartMessage: i.typebotRestartMessage, unknownMessage: i.typebotUnknownMessage,
      },
      timeoutMinutes: replyTimeoutMinutes,
    };
  },
};
