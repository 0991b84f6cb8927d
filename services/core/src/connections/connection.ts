import { WHATSAPP_DEFAULTS, type ConnectionEvent, type WhatsappFields, type WhatsappSessionEvent } from '@atendo/contracts';
import { handleCommand, loadState, type CommandContext } from '../commands/handler.js';
import { type EventStore, streamId } from '@atendo/platform';
import { recordDecider, type RecordDecider } from '../records/record.js';
import { claimUnique, normaliseUnique, releaseUnique } from '../records/unique.js';
import { adoptFromLog, whatsappRosterDecider, whatsappRosterStream, type RosterState, type WhatsappRosterCommand } from './roster.js';

export * from './roster.js';

/** A WhatsApp connection's settings. Stream prefix and event names keep `whatsapp`: the log has them so. */
export const whatsappDecider: RecordDecider<WhatsappFields, Exclude<ConnectionEvent, WhatsappSessionEvent>> = recordDecider('Whatsapp', 'ERR_NO_WAPP_FOUND');

export const whatsappStream = (companyId: number, id: number) => streamId('whatsapp', companyId, id);

const nameClaim = (companyId: number, id: number, name: string) =>
  ({ companyId, kind: 'connectionName', value: name, owner: whatsappStream(companyId, id) }) as const;

type RosterAction = WhatsappRosterCommand extends infer C ? (C extends unknown ? Omit<C, 'adopt'> : never) : never;

/** The roster command, carrying the connections written before the roster when it has not started yet (adopted once). */
const withAdoption = async (store: EventStore, companyId: number, action: RosterAction, state: RosterState) =>
  ({ ...action, ...(state.started ? {} : { adopt: await adoptFromLog(store, companyId) }) }) as WhatsappRosterCommand;

/** Decides on the company's roster; returns what it wrote. */
async function onRoster(store: EventStore, companyId: number, action: RosterAction, context: CommandContext) {
  return handleCommand(store, whatsappRosterDecider, whatsappRosterStream(companyId), (state: RosterState) => withAdoption(store, companyId, action, state), context);
}

/** Asks the roster without writing: a refusal (the plan's limit) then comes before the name is claimed. */
async function askRoster(store: EventStore, companyId: number, action: RosterAction): Promise<void> {
  const { state } = await loadState(store, whatsappRosterDecider, whatsappRosterStream(companyId));
  whatsappRosterDecider.decide(await withAdoption(store, companyId, action, state), state);
}

/** The connection that stopped being the default when another was chosen, if any. */
const previousDefault = (events: ReadonlyArray<{ type: string; data: unknown }>) => {
  const chosen = events.find((e) => e.type === 'DefaultWhatsappChosen');
  return { previousId: chosen ? (chosen.data as { previousId: number | null }).previousId : null };
};

async function unmarkPrevious(store: EventStore, companyId: number, previousId: number | null, context: CommandContext) {
  if (previousId === null) return undefined;
  return handleCommand(store, whatsappDecider, whatsappStream(companyId, previousId), { type: 'update', changes: { isDefault: false } }, context);
}

/**
 * Creates a connection: its name is claimed (names are unique within a company), the roster enrolls it within the
 * plan's limit (`limit` null: no limit) and says whether it is the default, then the record is written and the
 * connection that was the default is unmarked. A refusal comes before anything is written (but for a race on the
 * last seat, whose loser releases the name it claimed).
 */
export async function createConnection(store: EventStore, id: number, fields: WhatsappFields, context: CommandContext, limit: number | null = null) {
  const claim = nameClaim(fields.companyId, id, fields.name);
  const enroll = { type: 'enroll', whatsappId: id, makeDefault: fields.isDefault, limit } as const;
  await askRoster(store, fields.companyId, enroll);
  await claimUnique(store, { ...claim, code: 'ERR_WAPP_NAME_ALREADY_EXISTS' }, context);
  let enrolled;
  try {
    enrolled = await onRoster(store, fields.companyId, enroll, context);
  } catch (error) {
    // Another admin took the last seat in between.
    await releaseUnique(store, claim, context);
    throw error;
  }
  const { previousId } = previousDefault(enrolled.events);
  // From the roster's state, not its new events: a repeat (the demo seed after a crash) writes none.
  const isDefault = enrolled.state.defaultId === id;
  const result = await handleCommand(store, whatsappDecider, whatsappStream(fields.companyId, id), { type: 'create', id, fields: { ...WHATSAPP_DEFAULTS, ...fields, isDefault } }, context);
  return (await unmarkPrevious(store, fields.companyId, previousId, context)) ?? result;
}

/**
 * Changes a connection. The default cannot be unmarked directly (another is marked instead); a new name is claimed
 * before and the old one released after.
 */
export async function changeConnection(store: EventStore, companyId: number, id: number, changes: Partial<WhatsappFields>, previousName: string, context: CommandContext) {
  if (changes.isDefault === false) await onRoster(store, companyId, { type: 'unmakeDefault', whatsappId: id }, context);
  const renamed = changes.name !== undefined && normaliseUnique(changes.name) !== normaliseUnique(previousName);
  if (renamed) await claimUnique(store, { ...nameClaim(companyId, id, changes.name!), code: 'ERR_WAPP_NAME_ALREADY_EXISTS' }, context);
  let previousId: number | null = null;
  if (changes.isDefault === true) previousId = previousDefault((await onRoster(store, companyId, { type: 'makeDefault', whatsappId: id }, context)).events).previousId;
  // `isDefault: false` on a connection that is not the default changes nothing.
  const { isDefault, ...rest } = changes;
  const result = await handleCommand(store, whatsappDecider, whatsappStream(companyId, id), { type: 'update', changes: isDefault ? { ...rest, isDefault } : rest }, context);
  const unmarked = await unmarkPrevious(store, companyId, previousId === id ? null : previousId, context);
  if (renamed) await releaseUnique(store, nameClaim(companyId, id, previousName), context);
  return unmarked ?? result;
}

/** Deletes a connection (not the default while others exist) and frees its name. */
export async function deleteConnection(store: EventStore, companyId: number, id: number, name: string, context: CommandContext) {
  await onRoster(store, companyId, { type: 'unenroll', whatsappId: id }, context);
  const result = await handleCommand(store, whatsappDecider, whatsappStream(companyId, id), { type: 'delete' }, context);
  await releaseUnique(store, nameClaim(companyId, id, name), context);
  return result;
}
