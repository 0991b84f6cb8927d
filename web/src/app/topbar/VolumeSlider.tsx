import { Slider } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { VOLUME_STEP, volumeAtom } from './volume';

/** The notification volume, 0 to 1 in steps of 0.1, saved as it moves. */
export function VolumeSlider() {
  const { t } = useTranslation();
  const [volume, setVolume] = useAtom(volumeAtom);
  return (
    <div className="top-bar-volume-slider" data-testid="volume-slider">
      <Slider
        min={0}
        max={1}
        stepSize={VOLUME_STEP}
        labelStepSize={0.5}
        labelRenderer={(value, options) => (options?.isHandleTooltip ? `${Math.round(value * 100)}%` : '')}
        value={volume}
        onChange={setVolume}
        handleHtmlProps={{ 'aria-label': t('topBar.volume') }}
      />
    </div>
  );
}
