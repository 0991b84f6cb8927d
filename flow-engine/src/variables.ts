import type { OutgoingMessage } from '@atendo/contracts';

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** `{{name}}` becomes the variable's value; a variable the execution does not have becomes empty. */
export function fillIn(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => (Object.hasOwn(variables, name) ? variables[name]! : ''));
}

/** Every text a message carries (a text's body, a media's caption) with its variables filled in. */
export function fillInMessage(message: OutgoingMessage, variables: Readonly<Record<string, string>>): OutgoingMessage {
  return message.kind === 'text'
    ? { ...message, body: fillIn(message.body, variables) }
    : { ...message, caption: fillIn(message.caption, variables) };
}
