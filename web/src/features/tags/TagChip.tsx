import { Tag as Chip } from '@blueprintjs/core';

/** Which text colour reads on a tag's own colour: dark on light colours, white on dark ones. */
export function textOn(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // Relative luminance, roughly (ITU-R BT.601 weights).
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160 ? '#1c2127' : '#ffffff';
}

/** A tag's name on its colour. */
export function TagChip({ name, color, testId }: { name: string; color: string; testId?: string }) {
  return (
    <Chip round className="tag-chip" style={{ backgroundColor: color, color: textOn(color) }} data-testid={testId}>
      {name}
    </Chip>
  );
}
