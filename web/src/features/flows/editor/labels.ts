import type { BlockDescription, EditorField, PortSpec } from '@atendo/contracts';
import type { IconName } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import { fieldName, readable } from './graph';

/**
 * The texts of what plugins describe by key. A block installed after this console was built has keys with no text
 * here: it shows its names made readable (i18next's defaultValue), so it works without a console change.
 */
const text = (t: TFunction, key: string, fallback: string) => (key.includes('.') ? t(key as 'flows.title', { defaultValue: fallback }) : key || fallback);

export const blockLabel = (t: TFunction, block: Pick<BlockDescription, 'label' | 'type'>) => text(t, block.label, readable(block.type));

export const fieldLabel = (t: TFunction, field: Pick<EditorField, 'label' | 'name'>) => text(t, field.label, readable(fieldName(field)));

/** A per-item port's label is the item's own value (a menu option's number), not a key. */
export const portLabel = (t: TFunction, port: PortSpec) => text(t, port.label, readable(port.name));

export const choiceLabel = (t: TFunction, choice: { value: string; label: string }) => text(t, choice.label, choice.value);

const KNOWN_ICONS = new Set<string>(Object.values(IconNames));

/** A descriptor's Blueprint icon; a name this Blueprint does not have shows a cube. */
export const blockIcon = (block: Pick<BlockDescription, 'icon'>): IconName => (KNOWN_ICONS.has(block.icon) ? block.icon : 'cube') as IconName;
