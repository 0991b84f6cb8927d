import { Button, Classes, FileInput, FormGroup, Icon, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_MEDIA } from '../../ui/mediaFiles';
import type { OptionRow } from './fileListForm';

/** Where one option's file stands while the form sends the files. */
export type UploadStatus = 'uploading' | 'done';

interface FileOptionRowProps {
  row: OptionRow;
  index: number;
  nameError?: string;
  fileError?: string;
  status?: UploadStatus;
  disabled: boolean;
  onName(name: string): void;
  onBlur(): void;
  onFile(file: File | undefined): void;
  onRemove(): void;
}

/** One option of a file list: its name, its file (the saved one, or one chosen to send) and a remove button. */
export function FileOptionRow({ row, index, nameError, fileError, status, disabled, onName, onBlur, onFile, onRemove }: FileOptionRowProps) {
  const { t } = useTranslation();
  const nameId = `file-list-option-name-${index}`;
  const fileInputProps = { accept: ACCEPTED_MEDIA, 'data-testid': `file-list-option-file-${index}`, id: `file-list-option-file-${index}` } as InputHTMLAttributes<HTMLInputElement>;
  return (
    <div className="file-list-option" data-testid="file-list-option">
      <FormGroup label={t('files.form.optionName')} labelFor={nameId} helperText={nameError} intent={nameError ? Intent.DANGER : Intent.NONE}>
        <InputGroup
          id={nameId}
          data-testid={nameId}
          value={row.name}
          intent={nameError ? Intent.DANGER : Intent.NONE}
          aria-invalid={nameError ? true : undefined}
          disabled={disabled}
          onChange={(event) => onName(event.currentTarget.value)}
          onBlur={onBlur}
        />
      </FormGroup>
      <FormGroup label={t('files.form.optionFile')} labelFor={`file-list-option-file-${index}`} helperText={fileError} intent={fileError ? Intent.DANGER : Intent.NONE}>
        <div className="file-list-option-file">
          <FileInput
            fill
            text={row.file?.name ?? t('files.form.chooseFile')}
            buttonText={t('files.form.browse')}
            hasSelection={!!row.file}
            disabled={disabled}
            inputProps={fileInputProps}
            onInputChange={(event) => {
              onFile(event.currentTarget.files?.[0]);
              // The same file chosen again after a refusal still fires a change.
              event.currentTarget.value = '';
            }}
          />
          <div className="file-list-option-current" data-testid={`file-list-option-status-${index}`}>
            {status === 'uploading' && (
              <>
                <Spinner size={12} /> {t('files.form.uploading')}
              </>
            )}
            {status !== 'uploading' && row.saved?.fileName && !row.file && (
              <>
                <Icon icon={status === 'done' ? 'tick-circle' : 'paperclip'} size={12} intent={status === 'done' ? Intent.SUCCESS : Intent.NONE} />
                <a href={row.saved.url ?? undefined} target="_blank" rel="noreferrer" data-testid={`file-list-option-saved-${index}`}>
                  {row.saved.fileName}
                </a>
              </>
            )}
            {status !== 'uploading' && !row.saved?.fileName && !row.file && <span className={Classes.TEXT_MUTED}>{t('files.form.noFile')}</span>}
          </div>
        </div>
      </FormGroup>
      <Button
        className="file-list-option-remove"
        variant="minimal"
        icon="trash"
        intent={Intent.DANGER}
        disabled={disabled}
        aria-label={t('files.form.removeOption')}
        title={t('files.form.removeOption')}
        onClick={onRemove}
        data-testid={`file-list-option-remove-${index}`}
      />
    </div>
  );
}
