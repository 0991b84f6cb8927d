import type { PlanFields } from '@atendo/contracts';
import { handleCommand, planDecider, planStream } from '@atendo/core';
import type { Harness } from './harness.js';

/** The plan flags that turn a feature on or off for every company on the plan. */
type PlanFlag = { [K in keyof PlanFields]-?: NonNullable<PlanFields[K]> extends boolean ? K : never }[keyof PlanFields];

/** Changes a plan as the platform would (no user), and waits until the read side shows it. */
export async function changePlan(h: Harness, changes: Partial<PlanFields>, planId = 1): Promise<void> {
  const r = await handleCommand(h.atendo.store, planDecider, planStream(planId), { type: 'update', changes }, { actor: { type: 'system' } });
  await h.atendo.readYourWrites(r.position);
}

/** Runs `body` while the demo plan has `flag` off, and turns it back on afterwards, even when `body` fails. */
export async function withoutPlanFlag(h: Harness, flag: PlanFlag, body: () => Promise<void>): Promise<void> {
  await changePlan(h, { [flag]: false });
  try {
    await body();
  } finally {
    await changePlan(h, { [flag]: true });
  }
}
