import type { Contact, ErrorDefinitions, FeedChannel, PermissionDefinitions, PermissionKey, PlanFlagDefinitions, Ticket } from '@atendo/contracts';
import type { IconName } from '@blueprintjs/icons';
import type { ComponentType, KeyboardEvent, ReactNode, TextareaHTMLAttributes } from 'react';
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
  /**
   * The catalogue codes its screens may show, with their texts in the three languages: its contracts' errors objects
   * (`import { X_ERRORS } from '@atendo/contracts/<feature>'`). The console's error texts are the platform's and these
   * (web/src/i18n/featureBundles.ts); they travel with the texts because the texts load before any feature's module.
   * Two features may list the same object.
   */
  errors?: readonly ErrorDefinitions[];
}

/**
 * Places on one feature's screens where other features show a part of their own, so that neither imports the other:
 * the place's screen reads the parts (`partsOf`, web/src/app/parts.ts), the others list theirs in `parts`.
 */
export interface ConsoleParts {
  /** A section of the contact's drawer on the tickets screen, under how to reach the contact (the ticket's notes). */
  contactDrawer: ComponentType<{ ticket: Ticket }>;
  /** A tab of the settings page, after the page's own (the companies, plans and help entries of the platform). */
  settingsTabs: SettingsTab;
  /** A button of a contact's row on the contacts page, before edit and delete, and the dialog it opens (a new ticket). */
  contactActions: ContactAction;
  /** Something the ticket's message input offers as the user types (the quick answers a leading slash suggests). */
  messageInputTools: MessageInputTool;
  /**
   * Wraps every private page inside the console's frame, outermost first: it may show something above the page or
   * send the user elsewhere (an expired company's admin goes to the invoices to pay).
   */
  pageGates: ComponentType<{ children: ReactNode }>;
}

/** A tab another feature shows on the settings page. */
export interface SettingsTab {
  /** The tab's id: its title is the text `settings.tabs.<id>`, its test id `settings-tab-<id>`. */
  id: string;
  /** Shown only to who holds this permission. */
  permission: PermissionKey;
  /** Its place among the tabs features bring, smallest first. */
  order: number;
  panel: ComponentType;
}

/** A contact's row button on the contacts page and the dialog it opens for the contact. */
export interface ContactAction {
  /** The button's test id is `contact-<id>-<contact's id>`. */
  id: string;
  icon: IconName;
  /** The button's label: the text `contacts.<label>`, given the contact's `name`. */
  label: string;
  /** Opened anew each time the button is pressed; `onClose` when it is done. */
  dialog: ComponentType<{ contact: Contact; onClose(): void }>;
}

/** Where a message input tool puts what the user picks: the text in the box, files among those to send. */
export interface MessageInputTarget {
  setText(text: string): void;
  addFiles(files: File[]): void;
}

/** What a message input tool brings to the input, render by render. */
export interface MessageInputAddOn {
  /** Whether it handled a key pressed in the text box (the input then does nothing with it). */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
  /** Attributes of the text box (a suggestions list's aria). */
  inputProps: Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-controls' | 'aria-activedescendant' | 'aria-autocomplete'>;
  /** Shown above the input. */
  above: ReactNode;
}

/**
 * A message input tool: a hook the input calls on every render with the box's text. The input calls the same tools
 * in the same order for as long as it is shown (the console's feature list does not change).
 */
export type MessageInputTool = (text: string, target: MessageInputTarget) => MessageInputAddOn;

/**
 * What a console feature brings, all of it declared in its own folder: its pages, its entries of the side menu, its
 * texts (with its error codes' texts), the realtime channels it handles, the permission keys it checks and its parts of
 * other features' screens. web/src/features/index.ts lists
 * the features, one line each; the console's routes, menu, translations and channel table are composed from that list
 * and name no feature. Declare one with `defineConsoleFeature`.
 */
export interface ConsoleFeature {
  name: string;
  pages?: readonly ConsolePage[];
  menu?: readonly MenuEntry[];
  translations?: ConsoleTranslations;
  /** The feed's channels its screens listen on (the channel table, web/src/realtime/channels.ts). */
  channels?: readonly FeedChannel[];
  /**
   * The permission keys its screens check, with who holds each: its contracts' permissions objects. The console's
   * registry (`can`, `useCan`: web/src/app/useCan.ts) is the platform's and these. Two features may list the same object.
   */
  permissions?: readonly PermissionDefinitions[];
  /**
   * The plan flags that switch it: its contracts' plan-flag objects. The console's flags (the plan form's switches, what
   * menu entries may name: web/src/app/planFlags.ts) are the platform's and these. Two features may list the same object.
   */
  planFlags?: readonly PlanFlagDefinitions[];
  parts?: { readonly [P in keyof ConsoleParts]?: readonly ConsoleParts[P][] };
}

/**
 * A feature's `ConsoleFeature`, keeping the precise types of what it brings: its texts' keys (i18next checks `t('…')`
 * against every listed feature's English) and its channels (the channel table's check that every feed channel is heard).
 */
export function defineConsoleFeature<const Name extends string, Texts extends ConsoleTranslations, const Brings extends Omit<ConsoleFeature, 'name' | 'translations'>>(
  name: Name,
  translations: Texts,
  brings: Brings,
): Brings & { name: Name; translations: Texts } {
  return { ...brings, name, translations };
}
