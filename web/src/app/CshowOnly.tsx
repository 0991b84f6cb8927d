import type { ReactNode } from 'react';
import { NotFoundPage } from './shell/NotYetPage';
import { cshowFlag } from './shell/SideMenu';

/** Spec §2: the phrase-list and flow routes exist only with the browser flag cshow (read as the page opens). */
export function CshowOnly({ children }: { children: ReactNode }) {
  return cshowFlag() ? <>{children}</> : <NotFoundPage />;
}
