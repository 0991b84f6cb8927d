import { consoleFeatures } from '../../features/consoleFeatures';

/** A private route of spec §2 that no console feature serves yet, and the side-menu entry whose page it shows. */
export interface RouteToCome {
  path: string;
  menu: string;
  /** Exists only with the browser flag cshow. */
  cshow?: boolean;
}

/**
 * Spec §2's private routes whose features come in a later release. Every other private route of spec §2 is a page of
 * a console feature (its `pages`). Until a feature serves one of these it shows, inside the shell, that the feature is
 * not available yet (never a redirect); a feature that serves it later takes it over without an edit here.
 */
const SPEC_ROUTES_TO_COME: RouteToCome[] = [
  { path: '/chats/:id?', menu: '/chats' },
];

/** The routes to come that no listed feature serves: the "not available yet" pages. */
export function routesNotYetServed(): RouteToCome[] {
  const served = new Set(consoleFeatures().flatMap((feature) => (feature.pages ?? []).map((page) => page.path)));
  return SPEC_ROUTES_TO_COME.filter((route) => !served.has(route.path));
}
