import { timersMigrations, timersProjection } from '@atendo/read';
import { TimerRunner } from './timerRunner.js';
import { timerRules } from '@atendo/core';
import { defineFeature } from '../featureModule.js';
import { autoTransferInbound } from './autoTransferInbound.js';

/** Durable timers of tickets (auto-close, auto-transfer, rating wait): armed in the log, fired by the jobs role. */
export const timers = defineFeature({
  name: 'timers',
  conversation: [timerRules],
  migrations: timersMigrations,
  projections: [timersProjection],
  inbound: autoTransferInbound,
  processes: ({ knex, databaseUrl, conversations, log, clock }) => [new TimerRunner({ knex, databaseUrl, conversations, log, clock })],
});
