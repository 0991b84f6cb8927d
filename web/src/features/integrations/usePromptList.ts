import type { Prompt, PromptFeedPayload } from '@atendo/contracts';
import type { RecordFeedPayload } from '../../ui/listPage/records';
import { usePagedRecordsOf } from '../../ui/listPage/usePagedRecords';
import { promptsApi } from './promptsApi';

/** An entry of the `prompt` channel as a record channel's. */
const promptEntry = (payload: PromptFeedPayload): RecordFeedPayload<Prompt> =>
  payload.action === 'delete' ? { action: 'delete', id: payload.promptId } : { action: payload.action, record: payload.prompt };

/** GET /prompt answers the whole list: there is no next page. */
const fetchPrompts = () => promptsApi.list().then(({ prompts }) => ({ records: prompts, hasMore: false }));

const everyPrompt = () => true;

/** The company's prompts, kept current by the `prompt` channel. */
export function usePromptList() {
  return usePagedRecordsOf('prompt', promptEntry, fetchPrompts, everyPrompt);
}
