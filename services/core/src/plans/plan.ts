import type { PlanFields, PlanEvent } from '@atendo/contracts';
import { streamId, PLATFORM_COMPANY } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';

export const planDecider: RecordDecider<PlanFields, PlanEvent> = recordDecider('Plan', 'ERR_NOT_FOUND');

/** Plans belong to the platform, not to a company. */
export const planStream = (id: number) => streamId('plan', PLATFORM_COMPANY, id);
