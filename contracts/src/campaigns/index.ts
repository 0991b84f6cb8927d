export * from './campaign.js';
export * from './campaignSettings.js';
export * from './sendGovernor.js';
export * from './events.js';
export * from './errors.js';
export * from './realtime.js';
export * from './permissions.js';
export * from './planFlags.js';
