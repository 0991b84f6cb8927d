import { Button, Classes, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from './connectionsApi';

/** Spec §2: the QR code is drawn 256 pixels wide. */
export const QR_SIZE = 256;

interface QrCodeDialogProps {
  /** The connection as the live list holds it; none when closed. */
  connection: Connection | undefined;
  onClose(): void;
}

/**
 * The code a phone scans to link the connection, redrawn as the session sends new ones. While the session opens or
 * pairs there is no code: a spinner says it is coming. Closing when the code is cleared is the page's job: it hears
 * the live updates.
 */
export function QrCodeDialog({ connection, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const qrcode = connection?.qrcode ?? '';
  const [image, setImage] = useState<string>();

  useEffect(() => {
    setImage(undefined);
    if (!qrcode) return;
    let live = true;
    QRCode.toDataURL(qrcode, { width: QR_SIZE, margin: 1 }).then(
      (url) => live && setImage(url),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [qrcode]);

  return (
    <Dialog isOpen={connection !== undefined} onClose={onClose} title={t('connections.qr.title', { name: connection?.name ?? '' })} icon="mobile-phone" className="connection-qr-dialog">
      <DialogBody>
        <div className="connection-qr" data-testid="connection-qr">
          {image ? (
            <>
              <p>{t('connections.qr.instructions')}</p>
              <img src={image} width={QR_SIZE} height={QR_SIZE} alt={t('connections.qr.image')} data-testid="connection-qr-image" />
            </>
          ) : (
            <div className="connection-qr-waiting" data-testid="connection-qr-waiting">
              <Spinner size={48} />
              <span className={Classes.TEXT_MUTED}>{connection && connection.status !== 'qrcode' ? t(`connections.status.${connection.status}`) : t('connections.qr.waiting')}</span>
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('connections.qr.close')} onClick={onClose} data-testid="connection-qr-close" />} />
    </Dialog>
  );
}
