import { authFeature } from './auth/feature';
import type { ConsoleFeature } from './feature';
import { ticketsFeature } from './tickets/feature';

/** The console's features: a new one adds its folder and one line here (docs/adding-a-feature.md). */
export const consoleFeatures: ConsoleFeature[] = [authFeature, ticketsFeature];
