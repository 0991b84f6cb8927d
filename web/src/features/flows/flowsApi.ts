import type {
  DryRunResult,
  Flow,
  FlowBlocks,
  FlowCampaign,
  FlowCampaignList,
  FlowDocument,
  FlowGraph,
  FlowMedia,
  FlowPage,
  FlowSaved,
  Queue,
  UserRef,
  Whatsapp,
} from '@atendo/contracts';
import { api, request } from '../../api/client';
import { lookups } from '../../api/lookups';

/** What the flow campaign dialog sends (`status`: active). */
export interface FlowCampaignValues {
  name: string;
  flowId: number;
  whatsappId: number;
  phrase: string;
  status: boolean;
}

/** The three upload routes of the editor's media fields (multipart field `medias`). */
export type MediaRoute = 'img' | 'audio' | 'content';

/** Flows, their published graphs, the blocks the server knows, and the phrase campaigns that start them (spec §7). */
export const flowsApi = {
  page: (searchParam: string, pageNumber: number) => api.get<FlowPage>('/flowbuilder', { searchParam, pageNumber }),
  create: (name: string) => api.post<Flow>('/flowbuilder', { name }),
  update: (flowId: number, changes: { name: string; active?: boolean }) => api.put<Flow>('/flowbuilder', { flowId, ...changes }),
  remove: (id: number) => api.delete<void>(`/flowbuilder/${id}`),
  duplicate: (flowId: number) => api.post<Flow>('/flowbuilder/duplicate', { flowId }),
  document: (id: number) => api.get<FlowDocument>(`/flowbuilder/flow/${id}`),
  save: (idFlow: number, graph: FlowGraph) => api.post<FlowSaved>('/flowbuilder/flow', { idFlow, ...graph }),
  blocks: () => api.get<FlowBlocks>('/flowbuilder/blocks'),
  dryRun: (idFlow: number | undefined, graph: FlowGraph, messages: string[]) => api.post<DryRunResult>('/flowbuilder/dry-run', { idFlow, ...graph, messages }),
  async upload(route: MediaRoute, file: File): Promise<FlowMedia> {
    const form = new FormData();
    form.append('medias', file, file.name);
    const answer = await request<FlowMedia | { files: FlowMedia[] }>('POST', `/flowbuilder/${route}`, { body: form });
    return 'files' in answer ? answer.files[0]! : answer;
  },
  /** Every flow, for the campaign dialog's select: the pages one after the other. */
  all: () => lookups.flows(),
  queues: () => api.get<Queue[]>('/queue'),
  users: () => api.get<UserRef[]>('/users/list', { searchParam: '' }),
};

export const flowCampaignsApi = {
  list: () => api.get<FlowCampaignList>('/flowcampaign'),
  create: (values: FlowCampaignValues) => api.post<FlowCampaign>('/flowcampaign', values),
  update: (id: number, values: FlowCampaignValues) => api.put<FlowCampaign>('/flowcampaign', { id, ...values }),
  remove: (id: number) => api.delete<void>(`/flowcampaign/${id}`),
  connections: () => api.get<Whatsapp[]>('/whatsapp', { session: 0 }),
};
