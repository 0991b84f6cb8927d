import type { QueueRef } from '@atendo/contracts';
import { Tag, type TagProps } from '@blueprintjs/core';

/** Black or white, whichever reads better on `hex` (#rrggbb), by the colour's relative luminance. */
export function textColourOn(hex: string): string {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.179 ? '#1c2127' : '#ffffff';
}

/** The props of a tag in the queue's own colour (spec: queues are shown by their colour). */
export function queueTagProps(queue: Pick<QueueRef, 'color'>): TagProps {
  return { style: { backgroundColor: queue.color, color: textColourOn(queue.color) } };
}

export function QueueTag({ queue }: { queue: QueueRef }) {
  return (
    <Tag {...queueTagProps(queue)} data-testid="queue-tag">
      {queue.name}
    </Tag>
  );
}
