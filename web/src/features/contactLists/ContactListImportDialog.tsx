import { CONTACT_LIST_IMPORT_EXTENSIONS, validationText, type ContactListImportReport, type ContactListImportRow } from '@atendo/contracts';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { toastError } from '../../ui/toaster';
import { contactListsApi } from './contactListsApi';

interface ContactListImportDialogProps {
  contactListId: number;
  onClose(): void;
  /** The import answered: the list's contacts are fetched again. */
  onImported(report: ContactListImportReport): void;
}

const WIDTH = { width: 'min(720px, calc(100vw - 24px))' };

const OUTCOME_INTENT: Record<ContactListImportRow['outcome'], Intent> = { added: Intent.SUCCESS, duplicate: Intent.WARNING, invalid: Intent.DANGER };

/**
 * Sends a spreadsheet (POST /contact-lists/{id}/upload) with a bar of the bytes sent, then, while the server reads it
 * and adds the contacts, a moving bar; then the report: the counts, and each row that was not added with its reason.
 * A file that is not a spreadsheet is refused at once (the server's message) and another can be chosen.
 */
export function ContactListImportDialog({ contactListId, onClose, onImported }: ContactListImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [sent, setSent] = useState<number>();
  const [report, setReport] = useState<ContactListImportReport>();
  const busy = sent !== undefined && !report;
  const processing = busy && sent >= 1;

  const reason = (row: ContactListImportRow) => {
    if (row.outcome === 'duplicate') return t('errors.ERR_CONTACT_LIST_ITEM_NUMBER_ALREADY_EXISTS');
    const fields: Record<string, string> = { name: t('contactLists.items.form.name'), number: t('contactLists.items.form.number'), email: t('contactLists.items.form.email') };
    return (row.details ?? []).map((d) => `${fields[d.path] ?? d.path}: ${validationText(d.message, d.params ?? {}, currentLanguage())}`).join('; ');
  };

  const start = async () => {
    if (!file) return;
    setSent(0);
    try {
      const answer = await contactListsApi.upload(contactListId, file, ({ loaded, total }) => setSent(total ? loaded / total : 0));
      setReport(answer);
      onImported(answer);
    } catch (error) {
      setSent(undefined);
      toastError(error);
    }
  };

  const problems = report?.rows.filter((r) => r.outcome !== 'added') ?? [];
  return (
    <Dialog isOpen onClose={busy ? undefined : onClose} title={t('contactLists.import.title')} icon="import" style={WIDTH}>
      <DialogBody>
        <div data-testid="contact-list-import-dialog">
          {!report && <p>{t('contactLists.import.help')}</p>}
          {sent === undefined && (
            <FileInput
              fill
              text={file?.name ?? t('contactLists.import.choose')}
              buttonText={t('contactLists.import.browse')}
              hasSelection={file !== undefined}
              inputProps={{ accept: CONTACT_LIST_IMPORT_EXTENSIONS.join(','), 'data-testid': 'contact-list-import-file' } as React.InputHTMLAttributes<HTMLInputElement>}
              onInputChange={(event) => setFile((event.currentTarget as HTMLInputElement).files?.[0])}
            />
          )}
          {busy && (
            <div className="contact-lists-progress" data-testid="contact-list-import-progress">
              <ProgressBar value={processing ? undefined : sent} intent={Intent.PRIMARY} animate={processing} stripes={processing} />
              <div>{processing ? t('contactLists.import.processing') : t('contactLists.import.uploading', { percent: Math.round(sent * 100) })}</div>
            </div>
          )}
          {report && (
            <div data-testid="contact-list-import-report">
              <Callout intent={report.added === report.total ? Intent.SUCCESS : Intent.WARNING} data-testid="contact-list-import-summary">
                {t('contactLists.import.summary', { added: report.added, duplicates: report.duplicates, invalid: report.invalid, total: report.total })}
              </Callout>
              {problems.length > 0 ? (
                <div className="contact-lists-report-scroll">
                  <HTMLTable compact striped className="contact-lists-report" data-testid="contact-list-import-rows">
                    <thead>
                      <tr>
                        <th>{t('contactLists.import.columns.row')}</th>
                        <th>{t('contactLists.import.columns.name')}</th>
                        <th>{t('contactLists.import.columns.number')}</th>
                        <th>{t('contactLists.import.columns.outcome')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {problems.map((row) => (
                        <tr key={row.row} data-testid={`contact-list-import-row-${row.row}`}>
                          <td>{row.row}</td>
                          <td>{row.name}</td>
                          <td>{row.number}</td>
                          <td>
                            <Tag minimal intent={OUTCOME_INTENT[row.outcome]}>
                              {t(`contactLists.import.outcomes.${row.outcome}`)}
                            </Tag>{' '}
                            {reason(row)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              ) : (
                <p>{t('contactLists.import.allAdded')}</p>
              )}
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          report ? (
            <Button intent={Intent.PRIMARY} text={t('contactLists.import.close')} onClick={onClose} data-testid="contact-list-import-close" />
          ) : (
            <>
              <Button text={t('contactLists.form.cancel')} onClick={onClose} disabled={busy} data-testid="contact-list-import-cancel" />
              <Button intent={Intent.PRIMARY} icon="upload" text={t('contactLists.import.send')} onClick={() => void start()} disabled={!file || busy} loading={busy} data-testid="contact-list-import-send" />
            </>
          )
        }
      />
    </Dialog>
  );
}
