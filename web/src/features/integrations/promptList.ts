import type { Prompt, PromptFeedPayload } from '@atendo/contracts';

/** A changed prompt stays in its place; a new one comes first. */
function upsert(prompts: Prompt[], prompt: Prompt): Prompt[] {
  return prompts.some((p) => p.id === prompt.id) ? prompts.map((p) => (p.id === prompt.id ? prompt : p)) : [prompt, ...prompts];
}

/** The `prompt` channel on the list shown. */
export function applyPromptFeed(prompts: Prompt[], payload: PromptFeedPayload): Prompt[] {
  switch (payload.action) {
    case 'create':
    case 'update':
      return upsert(prompts, payload.prompt);
    case 'delete':
      return prompts.filter((p) => p.id !== payload.promptId);
    default: {
      const unknown: never = payload;
      return unknown;
    }
  }
}
