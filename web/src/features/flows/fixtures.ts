import type { Flow, FlowCampaign } from '@atendo/contracts';

/** A flow as GET /flowbuilder lists it, for the tests. */
export function aFlow(id: number, change: Partial<Flow> = {}): Flow {
  return { id, name: `Flow ${id}`, active: true, version: 1, createdAt: '2026-01-10T12:00:00.000Z', updatedAt: '2026-01-10T12:00:00.000Z', ...change };
}

export function aFlowCampaign(id: number, change: Partial<FlowCampaign> = {}): FlowCampaign {
  return {
    id,
    name: `Campaign ${id}`,
    flowId: 1,
    whatsappId: 1,
    phrase: `phrase ${id}`,
    status: true,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...change,
  };
}
