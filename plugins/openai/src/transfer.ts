/**
 * How the model asks for a person. The prompt tells it to answer, when the contact must be handed over, with a line
 * of its own that reads exactly
 *
 *   Ação: Transferir para o setor de atendimento
 *
 * (the convention the prompts written for the chatbot this replaces already use). Case, accents, surrounding spaces,
 * `*` bold marks and a final full stop aside, a line that says so is the instruction: it is never sent to the contact,
 * and the rest of the answer, if any, is sent before the ticket is handed over.
 */
export const TRANSFER_ACTION = 'Ação: Transferir para o setor de atendimento';

const fold = (line: string) =>
  line
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.$/, '')
    .toLowerCase();

const FOLDED_ACTION = fold(TRANSFER_ACTION);

/** The answer without its action line, and whether it had one. */
export function readTransfer(answer: string): { text: string; transfer: boolean } {
  const lines = answer.split(/\r?\n/);
  const kept = lines.filter((line) => fold(line) !== FOLDED_ACTION);
  return { text: kept.join('\n').trim(), transfer: kept.length !== lines.length };
}
