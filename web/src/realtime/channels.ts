import type { FeedChannel } from '@atendo/contracts';
import { consoleFeatures, type ListedFeature } from '../features/consoleFeatures';

/** Channels of features the console does not have yet: their entries are received and dropped. */
const NOT_SHOWN_YET = ['chat', 'payment'] as const satisfies readonly FeedChannel[];

type ChannelsOf<F> = F extends { channels: readonly (infer C)[] } ? C : never;
type Unheard = Exclude<FeedChannel, ChannelsOf<ListedFeature> | (typeof NOT_SHOWN_YET)[number]>;
type NoneLeft<T extends never> = T;
/** Fails to type-check, naming the channel, while a channel of the feed is neither a listed feature's nor above. */
export type EveryChannelHeard = NoneLeft<Unheard>;

/**
 * Every realtime channel the server may send, as the console knows it: the console features that handle it (each
 * feature lists its channels), or that no screen shows it yet. Composed from the features; a channel missing here fails
 * the type check above and the channel test (test/channels.test.ts), so a feature cannot add a channel the console has
 * not heard of.
 */
export const CONSOLE_CHANNELS = composeChannels();

function composeChannels(): Record<FeedChannel, { features: string[] } | { notShownYet: true }> {
  const table: Partial<Record<FeedChannel, { features: string[] } | { notShownYet: true }>> = {};
  for (const channel of NOT_SHOWN_YET) table[channel] = { notShownYet: true };
  for (const feature of consoleFeatures()) {
    for (const channel of feature.channels ?? []) {
      const entry = table[channel];
      if (entry && 'features' in entry) entry.features.push(feature.name);
      else table[channel] = { features: [feature.name] };
    }
  }
  return table as Record<FeedChannel, { features: string[] } | { notShownYet: true }>;
}
