import type { BlockDescription } from '@atendo/contracts';
import { createContext, useContext } from 'react';

/** What every block on the canvas reads: the descriptors, the marks on blocks, and the block actions. */
export interface EditorContextValue {
  blocks: Map<string, BlockDescription>;
  /** Why the server refused blocks at the last save, by block id. */
  problems: Map<string, string[]>;
  /** The blocks a dry run went through (highlighted). */
  traced: Set<string>;
  edit(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside the flow editor');
  return value;
}
