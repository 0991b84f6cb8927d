import { defineBlock, follow, media, mediaUrlSchema, yup, type FlowPlugin } from '@atendo/flow-engine';
import { texts } from './texts.js';

/**
 * The image, audio and video blocks: each sends one stored file (its URL, as the upload answered it) and goes on. The
 * three differ only in the kind of file, so they are one package whose entry exports the list of them (discovery
 * registers each).
 */

export interface ImageConfig {
  url: string;
}
export type VideoConfig = ImageConfig;
export interface AudioConfig {
  url: string;
  /** Sent as a voice note, as if recorded in the chat, rather than as an audio file. */
  record: boolean;
}

const next = [{ name: 'default', label: 'flows.ports.next' }];

export const img = defineBlock<ImageConfig>({
  type: 'img',
  label: 'flows.blocks.img',
  icon: 'media',
  texts,
  input: true,
  outputs: next,
  waits: false,
  defaults: { url: '' },
  fields: [{ name: 'url', kind: 'media', label: 'flows.fields.url', media: 'image' }],
  schema: yup.object({ url: mediaUrlSchema() }),
  run: ({ config }) => ({ send: [media('image', config.url)], next: follow('default') }),
});

export const audio = defineBlock<AudioConfig>({
  type: 'audio',
  label: 'flows.blocks.audio',
  icon: 'volume-up',
  texts,
  input: true,
  outputs: next,
  waits: false,
  defaults: { url: '', record: true },
  fields: [
    { name: 'url', kind: 'media', label: 'flows.fields.url', media: 'audio' },
    { name: 'record', kind: 'boolean', label: 'flows.fields.record' },
  ],
  schema: yup.object({ url: mediaUrlSchema(), record: yup.boolean().typeError('validation.boolean').default(true) }),
  run: ({ config }) => ({ send: [media('audio', config.url, { voice: config.record })], next: follow('default') }),
});

export const video = defineBlock<VideoConfig>({
  type: 'video',
  label: 'flows.blocks.video',
  icon: 'video',
  texts,
  input: true,
  outputs: next,
  waits: false,
  defaults: { url: '' },
  fields: [{ name: 'url', kind: 'media', label: 'flows.fields.url', media: 'video' }],
  schema: yup.object({ url: mediaUrlSchema() }),
  run: ({ config }) => ({ send: [media('video', config.url)], next: follow('default') }),
});

const plugins: FlowPlugin[] = [img, audio, video];
export default plugins;
