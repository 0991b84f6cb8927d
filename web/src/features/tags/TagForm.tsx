import { tagChangesSchema, tagSchema, TAG_DEFAULT_COLOR, type Tag } from '@atendo/contracts';
import { can } from '../../app/useCan';
import { FormGroup, Switch } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { ColorField, isHexColor } from '../../ui/ColorField';
import { DialogForm } from '../../ui/DialogForm';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { userAtom } from '../../app/sessionAtoms';
import { TagChip } from './TagChip';
import { tagsApi, type NewTag, type TagChanges } from './tagsApi';

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

type TagField = keyof TagFormValues;

interface TagFormProps {
  /** The tag to edit; none to add one. */
  tag?: Tag;
  onSaved(saved: Tag): void;
  onCancel(): void;
  onDirty(dirty: boolean): void;
}


const toNewTag = (values: TagFormValues, withKanban: boolean): NewTag => ({
  name: values.name.trim(),
  color: values.color.trim().toLowerCase(),
  kanban: withKanban && values.kanban ? 1 : 0,
});

/** The fields that changed (the kanban flag only from those who may change it). */
function toChanges(values: TagFormValues, initial: TagFormValues, withKanban: boolean): TagChanges {
  const now = toNewTag(values, withKanban);
  const before = toNewTag(initial, withKanban);
  const changes: TagChanges = {};
  if (now.name !== before.name) changes.name = now.name;
  if (now.color !== before.color) changes.color = now.color;
  if (withKanban && now.kanban !== before.kanban) changes.kanban = now.kanban;
  return changes;
}

/**
 * A tag's name (at least 3 characters), colour (a picker and its #rrggbb) and, for admins only (spec: the kanban
 * switch is shown to admins and supervisors), whether it is a kanban lane. Checked with the contracts' schemas.
 */
export function TagForm({ tag, onSaved, onCancel, onDirty }: TagFormProps) {
  const { t } = useTranslation();
  const mayKanban = can(useAtomValue(userAtom), 'tags:kanban');
  const [initial] = useState<TagFormValues>(() => ({ name: tag?.name ?? '', color: tag?.color ?? TAG_DEFAULT_COLOR, kanban: tag?.kanban === 1 }));
  const label = (field: string) => (field in initial ? t(`tags.fields.${field as TagField}`) : undefined);
  const describe = (field: string, message: string) => {
    const fieldLabel = label(field);
    return fieldLabel ? t('tags.fieldError', { field: fieldLabel, message }) : message;
  };

  const { formik, errorOf } = useRecordForm<TagFormValues, Tag>({
    initialValues: initial,
    validate: validateWith<TagFormValues>(tag ? tagChangesSchema : tagSchema, { prepare: (v) => toNewTag(v, mayKanban), describe }),
    save: async (values) => {
      if (!tag) return tagsApi.create(toNewTag(values, mayKanban));
      const changes = toChanges(values, initial, mayKanban);
      return Object.keys(changes).length > 0 ? tagsApi.update(tag.id, changes) : tag;
    },
    savedText: t('tags.saved'),
    onSaved,
    refusal: { describe },
  });

  useEffect(() => onDirty(formik.dirty), [formik.dirty, onDirty]);

  const color = formik.values.color.trim();

  return (
    <DialogForm
      form={formik}
      onCancel={onCancel}
      testIds={{ form: 'tag-form', cancel: 'tag-cancel', submit: 'tag-save' }}
      cancelText={t('tags.dialog.cancel')}
      saveText={t('tags.dialog.save')}
    >
      <TextField id="tag-name" label={label('name')} error={errorOf('name')} autoFocus autoComplete="off" {...formik.getFieldProps('name')} />
      <ColorField
        id="tag-color"
        label={label('color')}
        error={errorOf('color')}
        helper={t('tags.hints.color')}
        {...formik.getFieldProps('color')}
        pickerLabel={t('tags.fields.colorPicker')}
        pickerTestId="tag-color-picker"
        onPick={(picked) => void formik.setFieldValue('color', picked)}
      />
      {mayKanban && (
        <FormGroup helperText={t('tags.hints.kanban')}>
          <Switch
            id="tag-kanban"
            label={t('tags.fields.kanban')}
            checked={formik.values.kanban}
            onChange={(event) => void formik.setFieldValue('kanban', event.currentTarget.checked)}
            data-testid="tag-kanban"
          />
        </FormGroup>
      )}
      <FormGroup label={t('tags.preview')}>
        <TagChip name={formik.values.name.trim() || t('tags.fields.name')} color={isHexColor(color) ? color : TAG_DEFAULT_COLOR} testId="tag-preview" />
      </FormGroup>
    </DialogForm>
  );
}
