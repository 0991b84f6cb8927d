import { Button, FileInput, FormGroup, Icon, Intent, type IconName } from '@blueprintjs/core';
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface AttachmentFieldProps {
  /** The file input's id, also its test id (`schedule-file`). */
  id: string;
  label: string;
  /** Under the field while nothing is wrong. */
  hint?: string;
  error?: string;
  /** What the picker offers (`accept`). */
  accept: string;
  /** The file the saved record carries, shown while no other is chosen; `remove` where it may be removed. */
  current?: { className: string; preview: ReactNode; remove?: { text: string; removing: boolean; onRemove(): void; testId: string } };
  /** The file chosen and not yet sent. */
  chosen: File | undefined;
  chooseText: string;
  browseText: string;
  /** A file was chosen (or the choice emptied); none: the field only shows what is there. */
  onChoose?(file: File | undefined): void;
  /** Below the picker (an upload's progress). */
  children?: ReactNode;
}

/** A saved file as `current` shows it: an icon and the file's name. */
export function FileNamePreview({ icon, name, testId }: { icon: IconName; name: string | null | undefined; testId: string }) {
  return (
    <>
      <Icon icon={icon} size={12} />
      <span data-testid={testId}>{name}</span>
    </>
  );
}

/** A record's one file in a form: the saved one with its remove button, and a picker for another. */
export function AttachmentField({ id, label, hint, error, accept, current, chosen, chooseText, browseText, onChoose, children }: AttachmentFieldProps) {
  const inputProps = { accept, 'data-testid': id, id } as InputHTMLAttributes<HTMLInputElement>;
  return (
    <FormGroup label={label} labelFor={id} helperText={error ?? hint} intent={error ? Intent.DANGER : Intent.NONE}>
      {current && !chosen && (
        <div className={current.className}>
          {current.preview}
          {current.remove && (
            <Button
              icon="trash"
              intent={Intent.DANGER}
              variant="minimal"
              text={current.remove.text}
              loading={current.remove.removing}
              onClick={current.remove.onRemove}
              data-testid={current.remove.testId}
            />
          )}
        </div>
      )}
      {onChoose && (
        <FileInput
          fill
          text={chosen?.name ?? chooseText}
          buttonText={browseText}
          hasSelection={!!chosen}
          inputProps={inputProps}
          onInputChange={(event) => {
            const picked = event.currentTarget.files?.[0];
            // The same file chosen again after a refusal still fires a change.
            event.currentTarget.value = '';
            onChoose(picked);
          }}
        />
      )}
      {children}
    </FormGroup>
  );
}
