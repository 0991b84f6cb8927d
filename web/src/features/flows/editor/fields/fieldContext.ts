import type { BlockTexts, Queue, UserRef } from '@atendo/contracts';
import { createContext, useContext } from 'react';

/** What a block dialog's fields share: the block's type and words, the flow's variables and the company's queues and users. */
export interface FieldContextValue {
  blockType: string;
  texts?: BlockTexts;
  variables: string[];
  queues: Queue[];
  users: UserRef[];
}

export const FieldContext = createContext<FieldContextValue>({ blockType: '', variables: [], queues: [], users: [] });

export const useFieldContext = () => useContext(FieldContext);
