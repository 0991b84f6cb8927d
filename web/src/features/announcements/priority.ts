/** Spec §9: priority 1 shows red, 2 orange, 3 a grey border (Blueprint's red3, orange3 and gray3). */
export const PRIORITY_COLOURS = { 1: '#cd4246', 2: '#c87619', 3: '#8f99a8' } as const;

export const PRIORITIES = [1, 2, 3] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The text key of each priority. */
export const PRIORITY_LABELS = { 1: 'high', 2: 'medium', 3: 'low' } as const;
