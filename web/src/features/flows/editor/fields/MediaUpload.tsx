import { FileInput } from '@blueprintjs/core';
import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess, toastWarning } from '../../../../ui/toaster';
import { flowsApi, type MediaRoute } from '../../flowsApi';

/** Spec §5: image 2 MB (png, jpg, jpeg), audio 5 MB (ogg, mp3), video 20 MB (mp4). */
const MEDIA: Record<string, { route: MediaRoute; maxMb: number; accept: string }> = {
  img: { route: 'img', maxMb: 2, accept: 'image/png,image/jpeg' },
  image: { route: 'img', maxMb: 2, accept: 'image/png,image/jpeg' },
  audio: { route: 'audio', maxMb: 5, accept: 'audio/ogg,audio/mpeg,audio/mp3' },
  video: { route: 'content', maxMb: 20, accept: 'video/mp4' },
};

/** Media blocks (img, audio, video) keep their file's `url`: a field by that name gets an upload button. */
export const hasUpload = (blockType: string, fieldName: string) => fieldName === 'url' && blockType in MEDIA;

/** Sends the chosen file to the block's upload route and gives back the stored file's url. */
export function MediaUpload({ id, blockType, onUploaded }: { id: string; blockType: string; onUploaded(url: string): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const media = MEDIA[blockType]!;
  const inputProps = { accept: media.accept, 'data-testid': `${id}-file`, id: `${id}-file` } as InputHTMLAttributes<HTMLInputElement>;
  const upload = async (file: File) => {
    if (file.size > media.maxMb * 1024 * 1024) {
      toastWarning(t('flows.dialog.tooLarge', { max: media.maxMb }));
      return;
    }
    setBusy(true);
    try {
      const stored = await flowsApi.upload(media.route, file);
      onUploaded(stored.url);
      toastSuccess(t('flows.dialog.uploaded'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileInput
      fill
      disabled={busy}
      text={t('flows.dialog.upload')}
      buttonText={t('flows.dialog.upload')}
      inputProps={inputProps}
      onInputChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = '';
        if (file) void upload(file);
      }}
    />
  );
}
