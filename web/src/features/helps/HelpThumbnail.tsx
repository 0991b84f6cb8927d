import { Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { thumbnailUrl } from './helpsApi';

interface HelpThumbnailProps {
  video: string;
}

/** The video's YouTube still; an icon when there is no code or the image cannot load (e.g. no internet). */
export function HelpThumbnail({ video }: HelpThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const code = video.trim();
  return (
    <div className="help-thumbnail">
      {code && !failed ? (
        <img src={thumbnailUrl(code)} alt="" loading="lazy" onError={() => setFailed(true)} data-testid="help-thumbnail" />
      ) : (
        <Icon icon="video" size={40} className="help-thumbnail-fallback" data-testid="help-thumbnail-fallback" />
      )}
    </div>
  );
}
