import { Icon, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { announcementsApi } from './announcementsApi';

interface AnnouncementImageProps {
  mediaPath: string;
  /** Changes when the image may have been replaced (the path stays the same). */
  version: string;
  alt: string;
  className?: string;
}

/** The announcement's image, fetched with the token (the server keeps it behind it); an icon when it cannot load. */
export function AnnouncementImage({ mediaPath, version, alt, className }: AnnouncementImageProps) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    let objectUrl: string | undefined;
    setFailed(false);
    announcementsApi.image(mediaPath).then(
      (blob) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [mediaPath, version]);

  return (
    <div className={`announcement-image ${className ?? ''}`} data-testid="announcement-image">
      {failed ? <Icon icon="media" size={24} /> : url ? <img src={url} alt={alt} /> : <Spinner size={16} />}
    </div>
  );
}
