import type { BotRef, FlowGraph, PromptFields, QueueIntegrationFields } from '@atendo/contracts';
import type { PluginRegistry } from '@atendo/flow-engine';

/** How long a bot waits for the customer's next message before it lets the ticket go to its queue's people. */
export const BOT_REPLY_TIMEOUT_MINUTES = 1440;

const start = { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} };

/** A flow of two blocks: the start, then the block that talks to the outside service until it is done. */
const twoBlocks = (type: string, data: Record<string, unknown>, loops: string[] = []): FlowGraph => ({
  nodes: [start, { id: 'bot', type, position: { x: 240, y: 0 }, data }],
  connections: [{ source: '1', sourceHandle: 'default', target: 'bot' }, ...loops.map((port) => ({ source: 'bot', sourceHandle: port, target: 'bot' }))],
});

/**
 * The flow a prompt or a queue integration runs on (decision 0033): its record at one version, put into the block of
 * the plugin that says it runs that kind of record (`bot.serves`, decision 0044), so a bot is a flow execution like
 * any other — durable waits, outside calls off the log's path, silenced when a person takes the ticket — and its
 * behaviour is the flow blocks' own. Secrets stay the references the record keeps. A kind no plugin serves (a
 * `flowbuilder` integration runs its flow itself) has no graph here (null).
 */
export function botGraph(plugins: PluginRegistry, kind: BotRef['kind'], fields: PromptFields | QueueIntegrationFields): FlowGraph | null {
  const recordKind = kind === 'prompt' ? 'prompt' : (fields as QueueIntegrationFields).type;
  const plugin = plugins.botBlock(recordKind);
  if (!plugin?.bot) return null;
  return twoBlocks(plugin.type, plugin.bot.data(fields, { replyTimeoutMinutes: BOT_REPLY_TIMEOUT_MINUTES }), plugin.bot.loops);
}
