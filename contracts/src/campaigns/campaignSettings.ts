import { isStorableText } from '../text.js';
import { yup } from '../validation.js';

/** A value the campaign messages can name as `{key}` (spec: campaign settings' variables). */
export interface CampaignVariable {
  key: string;
  value: string;
}

/**
 * The company's campaign settings (spec §3): `messageInterval` seconds between two messages, and after every
 * `longerIntervalAfter` messages a pause of `greaterInterval` seconds more (0: no pause); `variables` for the messages.
 */
export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

/** Spec §9: messageInterval 20, longerIntervalAfter 20, greaterInterval 60, no variables. */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = Object.freeze({
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
}) as CampaignSettings;

/** Spec §9: the settings page's choices, in seconds (messageInterval) and messages or seconds (the other two). */
export const MESSAGE_INTERVAL_CHOICES = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_AFTER_CHOICES = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const GREATER_INTERVAL_CHOICES = LONGER_INTERVAL_AFTER_CHOICES;

/** The names `{nome}`, `{email}` and `{numero}` are the contact's own: a variable may not take them. */
export const CAMPAIGN_CONTACT_PLACEHOLDERS = ['nome', 'email', 'numero'] as const;
export const CAMPAIGN_VARIABLES_MAX = 50;
export const CAMPAIGN_VARIABLE_KEY_MAX = 50;
export const CAMPAIGN_VARIABLE_VALUE_MAX = 1000;

const storable = (v: string | undefined | null) => v == null || isStorableText(v);
const choice = (choices: readonly number[]) => yup.number().typeError('validation.oneOf').oneOf([...choices], 'validation.oneOf');

/** A variable's key: one word (letters, digits, `_`), written in messages between braces. */
const variableKey = () =>
  yup
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(CAMPAIGN_VARIABLE_KEY_MAX, 'validation.tooLong')
    .matches(/^[\p{L}\p{N}_]+$/u, 'validation.invalid')
    .notOneOf([...CAMPAIGN_CONTACT_PLACEHOLDERS], 'validation.invalid');

/** `POST /campaign-settings`: the choices of the settings page, and variables whose keys are not repeated (spec §5). */
export const campaignSettingsSchema = yup.object({
  messageInterval: choice(MESSAGE_INTERVAL_CHOICES).default(CAMPAIGN_SETTINGS_DEFAULTS.messageInterval),
  longerIntervalAfter: choice(LONGER_INTERVAL_AFTER_CHOICES).default(CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter),
  greaterInterval: choice(GREATER_INTERVAL_CHOICES).default(CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval),
  variables: yup
    .array(
      yup
        .object({
          key: variableKey().required('validation.required'),
          value: yup.string().max(CAMPAIGN_VARIABLE_VALUE_MAX, 'validation.tooLong').test('storable', 'validation.unstorableText', storable).default(''),
        })
        .noUnknown(true, 'validation.unknownField'),
    )
    .max(CAMPAIGN_VARIABLES_MAX, 'validation.tooMany')
    .test('uniqueKeys', 'validation.invalid', (list) => !list || new Set(list.map((v) => v?.key)).size === list.length)
    .default([]),
});

/** The company's campaign settings: saved as a whole, each save one event (stream `campaignSettings-{companyId}.0`). */
export type CampaignSettingsEvent = { type: 'CampaignSettingsSaved'; data: { companyId: number; settings: CampaignSettings } };
