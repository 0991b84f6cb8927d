import type { Message } from '@atendo/contracts';
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { parseLocation } from './location';

/** A shared location: the map's thumbnail, its description and a link to the map. */
export function LocationCard({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { thumbnail, link, description } = parseLocation(message.body);
  return (
    <div className="message-location" data-testid="message-location">
      {thumbnail && <img className="message-location-thumbnail" src={thumbnail} alt={t('messages.media.location')} />}
      <div className="message-location-text">
        <Icon icon="map-marker" size={14} /> {description || t('messages.media.location')}
      </div>
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer">
          {t('messages.media.openMap')}
        </a>
      )}
    </div>
  );
}
