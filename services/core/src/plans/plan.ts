import type { PlanFields } from '@atendo/contracts';
import { streamId, PLATFORM_COMPANY } from '../eventstore/streams.js';
import { recordDecider } from '../records/record.js';

export const planDecider = recordDecider<'Plan', PlanFields>('Plan', 'ERR_NOT_FOUND');

/** Plans belong to the platform, not to a company. */
export const planStream = (id: number) => streamId('plan', PLATFORM_COMPANY, id);
