import type { FeedChannel } from '@atendo/contracts';
import type { ReactNode } from 'react';
import type { MenuEntry } from '../app/shell/menu';

/** A page of the console: who may open it and what it shows. */
export interface ConsolePage {
  path: string;
  /** 'public': only while signed out (the sign-in page); 'private': signed in, inside the console's frame. */
  access: 'public' | 'private';
  element: ReactNode;
}

/**
 * A feature's texts in the console's three languages. The English bundle gives the keys their types (i18next checks
 * every `t('…')` against them); the translation test holds Portuguese and Spanish to the same keys. A bundle may add
 * to a namespace another bundle has (the side menu's labels live under `menu`), never to the same key.
 */
export interface ConsoleTranslations {
  en: object;
  pt: object;
  es: object;
}

/**
 * What a console feature brings, all of it declared in its own folder: its pages, its entries of the side menu, its
 * texts and the realtime channels it handles. web/src/features/index.ts lists the features, one line each; the
 * console's routes, menu, translations and channel table are composed from that list and name no feature.
 * Declare one with `satisfies ConsoleFeature`, so its channels and texts keep their precise types.
 */
export interface ConsoleFeature {
  name: string;
  pages?: readonly ConsolePage[];
  menu?: readonly MenuEntry[];
  translations?: ConsoleTranslations;
  /** The feed's channels its screens listen on (the channel table, web/src/realtime/channels.ts). */
  channels?: readonly FeedChannel[];
}
