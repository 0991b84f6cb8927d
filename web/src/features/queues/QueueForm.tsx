import { queueChangesSchema, queueSchema, type Queue } from '@atendo/contracts';
import { Callout, Icon, Intent, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { DialogForm } from '../../ui/DialogForm';
import { useErrorTabs } from '../../ui/useErrorTabs';
import { ColorField } from '../../ui/ColorField';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { userAtom } from '../../app/sessionAtoms';
import type { NamedRecord } from '../../api/lookups';
import { WeeklyHours } from '../../ui/WeeklyHours';
import { FORM_TABS, initialValues, tabOf, toChanges, toNewQueue, type FormTab, type QueueField, type QueueFormValues } from './queueForm';
import { QueueOptionsTab } from './QueueOptionsTab';
import { queuesApi } from './queuesApi';
import { useQueueAutomation } from './useQueueAutomation';

interface QueueFormProps {
  /** The queue to edit, as GET /queue/{id} answers it; none to add one. */
  queue?: Queue;
  onSaved(saved: Queue): void;
  onCancel(): void;
  /** Tells the dialog whether something was typed (it then does not close on an outside click). */
  onDirty(dirty: boolean): void;
}

/** Catalogue refusals that belong to one field: shown under it rather than as a toast. */
const FIELD_OF_CODE: Partial<Record<string, QueueField>> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
};

/**
 * A queue's fields in tabs, checked with the contracts' schemas (the server's own rules): its data with the prompt and
 * integration that answer first (when the plan has them), its weekly hours
 * (only when the company's setting scheduleType is `queue`) and its chatbot menu (once the queue exists). A refusal
 * keeps what was typed and brings the refused field's tab forward.
 */
export function QueueForm({ queue, onSaved, onCancel, onDirty }: QueueFormProps) {
  const { t } = useTranslation();
  const editing = queue !== undefined;
  const showHours = useAtomValue(userAtom)?.company.settings.some((s) => s.key === 'scheduleType' && s.value === 'queue') ?? false;
  const [initial] = useState(() => initialValues(queue));
  const { prompts, integrations } = useQueueAutomation();
  const [tab, setTab] = useState<FormTab>('data');
  const label = (field: string) => (field in initial ? t(`queues.fields.${field as QueueField}`) : undefined);
  // A day's refused time sits under its input, with the rule's text alone.
  const describe = (field: string, message: string) => {
    const fieldLabel = label(field);
    return fieldLabel ? t('queues.fieldError', { field: fieldLabel, message }) : message;
  };
  // Hours the company does not use are neither shown nor checked (a new queue sends the default week).
  const toChecked = (values: QueueFormValues) => {
    const { schedules, ...rest } = toNewQueue(values);
    return showHours ? { ...rest, schedules } : rest;
  };

  const { formik, errorOf } = useRecordForm<QueueFormValues, Queue>({
    initialValues: initial,
    validate: validateWith<QueueFormValues>(editing ? queueChangesSchema : queueSchema, { prepare: toChecked, describe }),
    save: async (values) => {
      if (!queue) return queuesApi.create(toNewQueue(values));
      const changes = toChanges(values, initial);
      return Object.keys(changes).length > 0 ? queuesApi.update(queue.id, changes) : queue;
    },
    savedText: t('queues.saved'),
    onSaved,
    refusal: { describe, fieldOfCode: FIELD_OF_CODE },
  });

  useEffect(() => onDirty(formik.dirty), [formik.dirty, onDirty]);

  const errorTabs = useErrorTabs(formik, tab, setTab, tabOf, Object.keys(FORM_TABS) as FormTab[]);

  const textArea = (field: 'greetingMessage' | 'outOfHoursMessage') => (
    <TextAreaField id={`queue-${field}`} label={label(field)} error={errorOf(field)} rows={3} {...formik.getFieldProps(field)} />
  );
  const select = (field: 'promptId' | 'integrationId', options: NamedRecord[]) => (
    <SelectField
      id={`queue-${field}`}
      label={label(field)}
      error={errorOf(field)}
      name={field}
      value={formik.values[field]}
      onChange={formik.handleChange}
      options={[{ value: '', label: t('queues.none') }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
    />
  );
  const tabTitle = (which: FormTab) => (
    <span className="queue-tab-title">
      {t(`queues.dialog.tabs.${which}`)}
      {formik.submitCount > 0 && errorTabs.has(which) && <Icon icon="error" intent={Intent.DANGER} size={12} />}
    </span>
  );

  const data = (
    <div className="queue-form-panel">
      <TextField id="queue-name" label={label('name')} error={errorOf('name')} autoFocus autoComplete="off" {...formik.getFieldProps('name')} />
      <div className="queue-form-row">
        <ColorField
          id="queue-color"
          label={label('color')}
          error={errorOf('color')}
          helper={t('queues.hints.color')}
          {...formik.getFieldProps('color')}
          pickerLabel={t('queues.fields.colorPicker')}
          pickerTestId="queue-color-picker"
          pickerClassName="queue-color-picker"
          onPick={(picked) => void formik.setFieldValue('color', picked)}
        />
        <TextField
          id="queue-orderQueue"
          label={label('orderQueue')}
          error={errorOf('orderQueue')}
          helper={t('queues.hints.orderQueue')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          {...formik.getFieldProps('orderQueue')}
        />
      </div>
      {textArea('greetingMessage')}
      {textArea('outOfHoursMessage')}
      {/* Prompts and integrations have their own pages; until the company has some there is nothing to choose. */}
      {(prompts.length > 0 || integrations.length > 0) && (
        <div className="queue-form-row">
          {prompts.length > 0 && select('promptId', prompts)}
          {integrations.length > 0 && select('integrationId', integrations)}
        </div>
      )}
    </div>
  );
  const hours = (
    <div className="queue-form-panel">
      <Callout intent="primary" icon="time">
        {t('queues.hours.intro')}
      </Callout>
      <WeeklyHours
        value={formik.values.schedules}
        onChange={(schedules) => void formik.setFieldValue('schedules', schedules)}
        errors={formik.submitCount > 0 || formik.touched.schedules ? formik.errors.schedules : undefined}
        label={t('queues.fields.schedules')}
        idPrefix="queue-schedule"
      />
    </div>
  );

  return (
    <DialogForm
      form={formik}
      onCancel={onCancel}
      testIds={{ form: 'queue-form', cancel: 'queue-cancel', submit: 'queue-save' }}
      cancelText={t('queues.dialog.cancel')}
      saveText={t('queues.dialog.save')}
    >
      <Tabs id="queue-tabs" selectedTabId={tab} onChange={(id: TabId) => setTab(id as FormTab)}>
        <Tab id="data" title={tabTitle('data')} panel={data} data-testid="queue-tab-data" />
        {showHours && <Tab id="hours" title={tabTitle('hours')} panel={hours} data-testid="queue-tab-hours" />}
        <Tab
          id="options"
          title={<span title={queue ? undefined : t('queues.dialog.optionsAfterSave')}>{tabTitle('options')}</span>}
          panel={queue ? <QueueOptionsTab queueId={queue.id} /> : undefined}
          disabled={!queue}
          data-testid="queue-tab-options"
        />
      </Tabs>
    </DialogForm>
  );
}
