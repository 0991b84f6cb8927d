import type { FlowGraph } from '@atendo/contracts';
import type { Decider, DomainEvent } from '../commands/decider.js';
import { type Migration, DomainError, streamId, idSequences } from '@atendo/platform';
import { recordDecider, type RecordCommand, type RecordEvent, type RecordState } from '../records/record.js';

/** A flow's own fields; its graph comes with each published version. */
export interface FlowFields {
  companyId: number;
  name: string;
  active: boolean;
}

/** Saving in the editor publishes the graph as the next version; executions keep the version they started on. */
export type FlowPublished = DomainEvent<'FlowPublished', { id: number; version: number; graph: FlowGraph }>;
export type FlowEvent = RecordEvent<'Flow', FlowFields> | FlowPublished;
export type FlowCommand = RecordCommand<FlowFields> | { type: 'publish'; graph: FlowGraph };
export type FlowState = RecordState<FlowFields> & { version: number };

const record = recordDecider<'Flow', FlowFields>('Flow', 'ERR_FLOW_NOT_FOUND');

/**
 * A flow (issue 13): a record (created, renamed, switched on or off, deleted) and its published versions. The graph
 * is checked by the engine before it gets here (the API's save route); secrets in it are references, never values.
 */
export const flowDecider: Decider<FlowCommand, FlowEvent, FlowState> = {
  initialState: () => ({ ...record.initialState(), version: 0 }),
  evolve(state, event) {
    if (event.type === 'FlowPublished') return { ...state, version: event.data.version };
    return { ...record.evolve(state, event), version: state.version };
  },
  decide(command, state) {
    if (command.type !== 'publish') return record.decide(command, state);
    if (state.status !== 'live') throw new DomainError('ERR_FLOW_NOT_FOUND', undefined, undefined, 404);
    return [{ type: 'FlowPublished', data: { id: state.id, version: state.version + 1, graph: command.graph } }];
  },
};

export const flowStream = (companyId: number, id: number) => streamId('flow', companyId, id);

/** A flow campaign (spec: /phrase-lists): the phrase that starts a flow on a connection. */
export interface FlowCampaignFields {
  companyId: number;
  name: string;
  flowId: number;
  whatsappId: number;
  phrase: string;
  status: boolean;
}

export const flowCampaignDecider = recordDecider<'FlowCampaign', FlowCampaignFields>('FlowCampaign', 'ERR_FLOW_CAMPAIGN_NOT_FOUND');
export const flowCampaignStream = (companyId: number, id: number) => streamId('flowCampaign', companyId, id);

export const flowIdMigrations: Migration[] = [idSequences('202611271800_flow_ids', 'flow', 'flowCampaign')];
