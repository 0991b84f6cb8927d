import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettings, type CampaignSettingsEvent } from '@atendo/contracts';
import type { Decider } from '../commands/decider.js';
import { streamId } from '@atendo/platform';

/** The settings page saves the whole of them (spec: POST /campaign-settings); a save that changes nothing is no event. */
export type CampaignSettingsCommand = { type: 'SaveCampaignSettings'; companyId: number; settings: CampaignSettings };

/** The settings with their keys in one order, so that equal settings compare equal. */
const canonical = (s: CampaignSettings): CampaignSettings => ({
  messageInterval: s.messageInterval,
  longerIntervalAfter: s.longerIntervalAfter,
  greaterInterval: s.greaterInterval,
  variables: s.variables.map(({ key, value }) => ({ key, value })),
});

export const campaignSettingsDecider: Decider<CampaignSettingsCommand, CampaignSettingsEvent, CampaignSettings> = {
  initialState: () => ({ ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] }),
  evolve: (_state, event) => event.data.settings,
  decide({ companyId, settings }, state) {
    const saved = canonical(settings);
    if (JSON.stringify(saved) === JSON.stringify(canonical(state))) return [];
    return [{ type: 'CampaignSettingsSaved', data: { companyId, settings: saved } }];
  },
};

/** One stream per company. */
export const campaignSettingsStream = (companyId: number) => streamId('campaignSettings', companyId, 0);
