import type { ContactImport } from '@atendo/contracts';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../ui/toaster';
import { contactsApi } from './contactsApi';

interface ContactImportDialogProps {
  onClose(): void;
  /** The import ended: the list is fetched again. */
  onFinished(): void;
}

/** How often the import's progress is asked for while it runs. */
export const IMPORT_POLL_MS = 500;

const WIDTH = { width: 'min(640px, calc(100vw - 24px))' };

/**
 * Uploads a spreadsheet (POST /contacts/import), then follows the import (GET /contacts/import/{jobId}) with a progress
 * bar until it ends, and lists every row that was not imported with its reason. A file that is not a spreadsheet is
 * refused at once (the server's message).
 */
export function ContactImportDialog({ onClose, onFinished }: ContactImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [job, setJob] = useState<ContactImport>();
  const [sending, setSending] = useState(false);
  const running = job?.status === 'running';

  useEffect(() => {
    if (!job || job.status !== 'running') return;
    let live = true;
    const timer = setTimeout(() => {
      contactsApi.importStatus(job.id).then((next) => {
        if (!live) return;
        setJob(next);
        if (next.status !== 'running') onFinished();
      }, toastError);
    }, IMPORT_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, onFinished]);

  const start = async () => {
    if (!file) return;
    setSending(true);
    try {
      setJob(await contactsApi.startImport(file));
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog isOpen onClose={running ? undefined : onClose} title={t('contacts.importDialog.title')} icon="import" style={WIDTH}>
      <DialogBody>
        <div data-testid="contact-import-dialog">
          <p>{t('contacts.importDialog.help')}</p>
          {!job && (
            <FileInput
              fill
              text={file?.name ?? t('contacts.importDialog.choose')}
              buttonText={t('contacts.importDialog.browse')}
              hasSelection={file !== undefined}
              inputProps={{ accept: '.xlsx,.xls,.csv', 'data-testid': 'contact-import-file' } as React.InputHTMLAttributes<HTMLInputElement>}
              onInputChange={(event) => setFile((event.currentTarget as HTMLInputElement).files?.[0])}
            />
          )}
          {job && (
            <div className="contacts-import-progress" data-testid="contact-import-progress">
              <ProgressBar value={job.total === 0 ? 1 : job.done / job.total} intent={job.status === 'failed' ? Intent.DANGER : running ? Intent.PRIMARY : Intent.SUCCESS} animate={running} stripes={running} />
              <div>{t('contacts.importDialog.progress', { done: job.done, total: job.total })}</div>
            </div>
          )}
          {job && job.status !== 'running' && (
            <Callout intent={job.status === 'done' ? Intent.SUCCESS : Intent.DANGER} data-testid="contact-import-result">
              {job.status === 'done'
                ? t('contacts.importDialog.done', { imported: job.imported, rejected: job.rejected.length })
                : t('contacts.importDialog.failed', { imported: job.imported })}
            </Callout>
          )}
          {job && job.rejected.length > 0 && (
            <div className="contacts-import-report">
              <h4>{t('contacts.importDialog.rejectedTitle')}</h4>
              <HTMLTable compact striped data-testid="contact-import-rejected">
                <thead>
                  <tr>
                    <th>{t('contacts.importDialog.row')}</th>
                    <th>{t('contacts.importDialog.value')}</th>
                    <th>{t('contacts.importDialog.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {job.rejected.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>{r.value}</td>
                      <td>{t(`contacts.importDialog.reasons.${r.reason}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('contacts.importDialog.close')} onClick={onClose} disabled={running} data-testid="contact-import-close" />
            {!job && <Button intent={Intent.PRIMARY} text={t('contacts.importDialog.start')} disabled={!file} loading={sending} onClick={() => void start()} data-testid="contact-import-start" />}
          </>
        }
      />
    </Dialog>
  );
}
