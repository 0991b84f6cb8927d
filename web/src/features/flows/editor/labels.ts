import type { BlockDescription, BlockTexts, EditorField, PortSpec } from '@atendo/contracts';
import type { IconName } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import { currentLanguage } from '../../../i18n';
import { fieldName, readable } from './graph';

/**
 * The words of what a plugin describes by key. A block brings its own, in each language (`texts`, which the server's
 * block listing carries: decision 0044), so the console holds no block's words; a key the block has no words for is
 * looked up in the console's own texts, and a key no one translates shows its name made readable (i18next's
 * defaultValue), so a block from outside that brings no words still works without a console change.
 */
const text = (t: TFunction, texts: BlockTexts | undefined, key: string, fallback: string) => {
  const own = texts?.[currentLanguage()]?.[key];
  if (own) return own;
  return key.includes('.') ? t(key as 'flows.title', { defaultValue: fallback }) : key || fallback;
};

export const blockLabel = (t: TFunction, block: Pick<BlockDescription, 'label' | 'type' | 'texts'>) => text(t, block.texts, block.label, readable(block.type));

/** What the block says it does, when it says it. */
export const blockDescription = (t: TFunction, block: Pick<BlockDescription, 'description' | 'texts'>) => (block.description ? text(t, block.texts, block.description, '') : '');

export const fieldLabel = (t: TFunction, field: Pick<EditorField, 'label' | 'name'>, texts?: BlockTexts) => text(t, texts, field.label, readable(fieldName(field)));

/** A field's line of help, when it has one. */
export const fieldHelp = (t: TFunction, field: Pick<EditorField, 'help'>, texts?: BlockTexts) => (field.help ? text(t, texts, field.help, '') : '');

/** A per-item port's label is the item's own value (a menu option's number), not a key. */
export const portLabel = (t: TFunction, port: PortSpec, texts?: BlockTexts) => text(t, texts, port.label, readable(port.name));

export const choiceLabel = (t: TFunction, choice: { value: string; label: string }, texts?: BlockTexts) => text(t, texts, choice.label, choice.value);

const KNOWN_ICONS = new Set<string>(Object.values(IconNames));

/** A descriptor's Blueprint icon; a name this Blueprint does not have shows a cube. */
export const blockIcon = (block: Pick<BlockDescription, 'icon'>): IconName => (KNOWN_ICONS.has(block.icon) ? block.icon : 'cube') as IconName;
