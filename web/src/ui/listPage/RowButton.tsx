import { Button, Intent, type IconName } from '@blueprintjs/core';

interface RowButtonProps {
  icon: IconName;
  /** Its accessible name and, unless `title` says otherwise, its tooltip. */
  label: string;
  title?: string;
  onClick(): void;
  testId: string;
  intent?: Intent;
  disabled?: boolean;
  loading?: boolean;
}

/** An icon button named for screen readers and explained on hover: a row's action, or a toolbar's. */
export function RowButton({ icon, label, title, onClick, testId, intent, disabled, loading }: RowButtonProps) {
  return <Button variant="minimal" icon={icon} intent={intent} aria-label={label} title={title ?? label} disabled={disabled} loading={loading} onClick={onClick} data-testid={testId} />;
}

interface EditDeleteButtonsProps {
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  /** The buttons are `<testIdPrefix>-edit` and `<testIdPrefix>-delete`. */
  testIdPrefix: string;
  disabled?: boolean;
}

/** The edit and delete buttons most rows end with. */
export function EditDeleteButtons({ editLabel, deleteLabel, onEdit, onDelete, testIdPrefix, disabled }: EditDeleteButtonsProps) {
  return (
    <>
      <RowButton icon="edit" label={editLabel} onClick={onEdit} disabled={disabled} testId={`${testIdPrefix}-edit`} />
      <RowButton icon="trash" intent={Intent.DANGER} label={deleteLabel} onClick={onDelete} disabled={disabled} testId={`${testIdPrefix}-delete`} />
    </>
  );
}
