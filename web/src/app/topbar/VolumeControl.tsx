import { Button, Classes, Popover } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { volumeAtom } from './volume';
import { VolumeSlider } from './VolumeSlider';

/** The top bar's volume button: its icon says how loud, its popover holds the slider. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useAtomValue(volumeAtom);
  return (
    <Popover
      placement="bottom"
      content={
        <div className="top-bar-volume">
          <h6 className={Classes.HEADING}>{t('topBar.volume')}</h6>
          <VolumeSlider />
        </div>
      }
    >
      <Button
        variant="minimal"
        icon={volume === 0 ? 'volume-off' : volume < 0.5 ? 'volume-down' : 'volume-up'}
        aria-label={t('topBar.volume')}
        title={t('topBar.volume')}
        data-testid="volume-button"
      />
    </Popover>
  );
}
