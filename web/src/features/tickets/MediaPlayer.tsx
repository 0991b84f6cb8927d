import type { Message } from '@atendo/contracts';
import { FetchedMedia } from './FetchedMedia';

/** An audio or video message, played in the bubble. */
export function MediaPlayer({ message }: { message: Message }) {
  return (
    <FetchedMedia mediaUrl={message.mediaUrl}>
      {(url) =>
        message.mediaType === 'video' ? (
          <video className="message-video" src={url} controls preload="metadata" data-testid="message-video" />
        ) : (
          <audio className="message-audio" src={url} controls preload="metadata" data-testid="message-audio" />
        )
      }
    </FetchedMedia>
  );
}
