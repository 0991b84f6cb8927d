import { describe, it } from 'vitest';
import type { CampaignSettingsEvent } from '@atendo/contracts';
import { deciderSpec } from '../testing/deciderSpec.js';
import { campaignSettingsDecider } from './campaignSettings.js';

const spec = deciderSpec(campaignSettingsDecider);
const settings = { messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 30, variables: [{ key: 'loja', value: 'Centro' }] };
const saved: CampaignSettingsEvent = { type: 'CampaignSettingsSaved', data: { companyId: 1, settings } };

describe('campaign settings', () => {
  it('are saved whole, once per change', () => {
    spec.given([]).when({ type: 'SaveCampaignSettings', companyId: 1, settings }).then([saved]);
    spec.given([saved]).when({ type: 'SaveCampaignSettings', companyId: 1, settings: { variables: [{ value: 'Centro', key: 'loja' }], greaterInterval: 30, longerIntervalAfter: 5, messageInterval: 10 } }).then([]);
    spec.given([saved]).when({ type: 'SaveCampaignSettings', companyId: 1, settings: { ...settings, variables: [] } }).then([
      { type: 'CampaignSettingsSaved', data: { companyId: 1, settings: { ...settings, variables: [] } } },
    ]);
  });
  it('start at the defaults (20, 20, 60, no variables): saving those is no event', () => {
    spec.given([]).when({ type: 'SaveCampaignSettings', companyId: 1, settings: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] } }).then([]);
  });
});
