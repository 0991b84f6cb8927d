import { CAMPAIGNS_ERRORS } from '@atendo/contracts';
import { defineFeature } from './featureModule.js';

/**
 * Mass-message campaigns (issue 14, decision 0028). So far its domain core (the campaign decider, pacing and the send
 * governor in services/core/src/campaigns) and its catalogue codes; routes, read models and the dispatcher come next.
 */
export const campaigns = defineFeature({
  name: 'campaigns',
  errors: CAMPAIGNS_ERRORS,
});
