import type { CompanyFields, CompanyEvent } from '@atendo/contracts';
import { streamId, PLATFORM_COMPANY } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';

export const companyDecider: RecordDecider<CompanyFields, CompanyEvent> = recordDecider('Company', 'ERR_NOT_FOUND');

/** Companies are the platform's records: their streams sit under the platform company. */
export const companyStream = (id: number) => streamId('company', PLATFORM_COMPANY, id);
