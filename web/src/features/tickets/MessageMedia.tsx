import type { MediaType, Message } from '@atendo/contracts';
import type { ComponentType } from 'react';
import { CallLogLine } from './CallLogLine';
import { LocationCard } from './LocationCard';
import { MediaDocument } from './MediaDocument';
import { MediaImage } from './MediaImage';
import { MediaPlayer } from './MediaPlayer';
import { VcardCard } from './VcardCard';
import './messageMedia.css';

interface MediaView {
  View: ComponentType<{ message: Message }>;
  /** The body is a caption shown under the media; otherwise the view shows the body its own way (a file name, a card). */
  caption: boolean;
}

/** How each kind of message shows in its bubble; text ('chat') has no view. */
const MEDIA_VIEWS: Partial<Record<MediaType, MediaView>> = {
  image: { View: MediaImage, caption: true },
  video: { View: MediaPlayer, caption: true },
  audio: { View: MediaPlayer, caption: true },
  application: { View: MediaDocument, caption: false },
  locationMessage: { View: LocationCard, caption: false },
  vcard: { View: VcardCard, caption: false },
  contactMessage: { View: VcardCard, caption: false },
  call_log: { View: CallLogLine, caption: false },
};

/** A media message's body is its caption or its file name; a file name says nothing under the picture. */
const looksLikeFileName = (text: string) => /^[^\s\\/]+\.[A-Za-z0-9]{2,5}$/.test(text.trim());

/** The text a bubble shows under its media (all of a text message's body). */
export function captionOf(message: Message): string {
  const view = MEDIA_VIEWS[message.mediaType];
  if (!view) return message.body;
  return view.caption && !looksLikeFileName(message.body) ? message.body : '';
}

/** The media part of a bubble: picture, player, document, location, contacts or call. */
export function MessageMedia({ message }: { message: Message }) {
  const view = MEDIA_VIEWS[message.mediaType];
  return view ? <view.View message={message} /> : null;
}
