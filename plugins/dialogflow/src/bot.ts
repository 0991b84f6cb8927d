import type { BotBlock, BotRecordProblem, QueueIntegrationFields } from '@atendo/flow-engine';

/** Whether a text is a service account's JSON key (what Dialogflow signs its tokens with). */
export function isServiceAccount(text: string): boolean {
  try {
    const key = JSON.parse(text) as Record<string, unknown> | null;
    return !!key && typeof key === 'object' && typeof key.client_email === 'string' && typeof key.private_key === 'string';
  } catch {
    return false;
  }
}

const notServiceAccount: BotRecordProblem = {
  path: 'jsonContent',
  message: 'integrations.validation.serviceAccount',
  detail: "jsonContent: not a service account's JSON key (client_email and private_key are needed)",
};

/**
 * The queue integrations of type dialogflow run on this block (decision 0033): the record's agent, language and
 * service account, which must be a service account's key to be saved.
 */
export const bot: BotBlock = {
  serves: ['dialogflow'],
  data: (record, { replyTimeoutMinutes }) => {
    const i = record as QueueIntegrationFields;
    return { credentials: i.jsonContent, projectId: i.projectName, language: i.language, timeoutMinutes: replyTimeoutMinutes };
  },
  check: ({ jsonContent }) => (jsonContent !== undefined && !isServiceAccount(jsonContent) ? [notServiceAccount] : []),
};
