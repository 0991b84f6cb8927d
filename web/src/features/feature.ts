import type { ReactNode } from 'react';

/** A page of the console: who may open it and what it shows. */
export interface ConsolePage {
  path: string;
  /** 'public': only while signed out (the sign-in page); 'private': signed in, inside the console's frame. */
  access: 'public' | 'private';
  element: ReactNode;
}

/** What a console feature brings; web/src/features/index.ts lists them. */
export interface ConsoleFeature {
  name: string;
  pages: ConsolePage[];
}
