import type { QuickMessage } from '@atendo/contracts';
import { me } from '../../test/fixtures';

/** A quick message of the signed-in user `me`, for the tests. */
export function quickMessage(id: number, change: Partial<QuickMessage> = {}): QuickMessage {
  return {
    id,
    shortcode: `code${id}`,
    message: `Message ${id}`,
    geral: false,
    userId: me.id,
    isMedia: false,
    mediaPath: null,
    mediaName: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...change,
  };
}
