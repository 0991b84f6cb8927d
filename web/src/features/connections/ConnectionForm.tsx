import { connectionChangesSchema, connectionSchema, greetingRequired, type QueueRef, type WhatsappDetails } from '@atendo/contracts';
import { FormGroup, Icon, Intent, Radio, RadioGroup, Switch, Tab, Tabs, type TabId } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { DialogForm } from '../../ui/DialogForm';
import { useErrorTabs } from '../../ui/useErrorTabs';
import { SelectField } from '../../ui/SelectField';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { QueueSelect } from '../../ui/QueueSelect';
import { ConnectionToken } from './ConnectionToken';
import { FORM_TABS, initialValues, tabOf, toChanges, toNewConnection, type ConnectionField, type ConnectionFormValues, type FormTab } from './connectionForm';
import type { NamedRecord } from '../../api/lookups';
import { connectionsApi } from './connectionsApi';

interface ConnectionFormProps {
  /** The connection to edit, with what it shows of its token; none to add one. */
  connection?: WhatsappDetails;
  queues: QueueRef[];
  prompts: NamedRecord[];
  integrations: NamedRecord[];
  onSaved(saved: WhatsappDetails): void;
  onCancel(): void;
  /** Tells the dialog whether something was typed (it then does not close on an outside click). */
  onDirty(dirty: boolean): void;
}

/** Catalogue refusals that belong to one field: shown under it rather than as a toast. */
const FIELD_OF_CODE: Partial<Record<string, ConnectionField>> = {
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
  ERR_WAPP_NAME_ALREADY_EXISTS: 'name',
};

const MESSAGE_FIELDS = FORM_TABS.messages;
const COUNT_FIELDS = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues'] as const;

/**
 * The connection's fields of spec §3 in three tabs, checked with the contracts' schemas (the server's own rules) and the
 * greeting rule of spec §5; a refusal keeps what was typed and brings the refused field's tab forward.
 */
export function ConnectionForm({ connection, queues, prompts, integrations, onSaved, onCancel, onDirty }: ConnectionFormProps) {
  const { t } = useTranslation();
  const editing = connection !== undefined;
  const [initial] = useState(() => initialValues(connection));
  const [tab, setTab] = useState<FormTab>('general');
  const label = (field: ConnectionField) => t(`connections.fields.${field}`);
  const describe = (field: string, message: string) => t('connections.fieldError', { field: label(field as ConnectionField), message });

  const schemaCheck = validateWith<ConnectionFormValues>(editing ? connectionChangesSchema : connectionSchema, { prepare: toNewConnection, describe, topLevel: true });
  const validate = async (values: ConnectionFormValues) => {
    const errors = await schemaCheck(values);
    if (!errors.greetingMessage && greetingRequired(values)) errors.greetingMessage = t('errors.ERR_WAPP_GREETING_REQUIRED');
    return errors;
  };

  const { formik, errorOf } = useRecordForm<ConnectionFormValues, WhatsappDetails>({
    initialValues: initial,
    validate,
    save: async (values) => {
      if (!connection) return connectionsApi.create(toNewConnection(values));
      const changes = toChanges(values, initial);
      return Object.keys(changes).length > 0 ? connectionsApi.update(connection.id, changes) : connection;
    },
    savedText: t('connections.saved'),
    onSaved,
    refusal: { describe, topLevel: true, fieldOfCode: FIELD_OF_CODE },
  });

  useEffect(() => onDirty(formik.dirty), [formik.dirty, onDirty]);

  const errorTabs = useErrorTabs(formik, tab, setTab, tabOf, Object.keys(FORM_TABS) as FormTab[]);

  const group = (field: ConnectionField, control: ReactNode, helper?: string) => {
    const error = errorOf(field);
    return (
      <FormGroup label={label(field)} labelFor={`connection-${field}`} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE}>
        {control}
      </FormGroup>
    );
  };
  const textArea = (field: (typeof MESSAGE_FIELDS)[number], helper?: string) => (
    <TextAreaField id={`connection-${field}`} label={label(field)} error={errorOf(field)} helper={helper} rows={3} {...formik.getFieldProps(field)} />
  );
  const number = (field: 'timeToTransfer' | (typeof COUNT_FIELDS)[number]) => (
    <TextField id={`connection-${field}`} label={label(field)} error={errorOf(field)} type="number" min={0} step={1} inputMode="numeric" {...formik.getFieldProps(field)} />
  );
  const select = (field: 'promptId' | 'integrationId' | 'transferQueueId', options: NamedRecord[]) => (
    <SelectField
      id={`connection-${field}`}
      label={label(field)}
      error={errorOf(field)}
      name={field}
      value={formik.values[field]}
      onChange={formik.handleChange}
      options={[{ value: '', label: t('connections.none') }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
    />
  );
  const tabTitle = (which: FormTab) => (
    <span className="connection-tab-title">
      {t(`connections.dialog.tabs.${which}`)}
      {formik.submitCount > 0 && errorTabs.has(which) && <Icon icon="error" intent={Intent.DANGER} size={12} />}
    </span>
  );

  const general = (
    <div className="connection-form-panel">
      <TextField id="connection-name" label={label('name')} error={errorOf('name')} autoFocus autoComplete="off" {...formik.getFieldProps('name')} />
      <Switch name="isDefault" label={label('isDefault')} checked={formik.values.isDefault} onChange={formik.handleChange} data-testid="connection-isDefault" />
      {!editing &&
        group(
          'channel',
          <RadioGroup name="channel" selectedValue={formik.values.channel} onChange={formik.handleChange} inline>
            <Radio value="baileys" label={t('connections.channels.baileys')} data-testid="connection-channel-baileys" />
            <Radio value="simulator" label={t('connections.channels.simulator')} data-testid="connection-channel-simulator" />
          </RadioGroup>,
          t('connections.hints.channel'),
        )}
      {group('queueIds', <QueueSelect id="connection-queueIds" queues={queues.length > 0 ? queues : (connection?.queues ?? [])} selectedIds={formik.values.queueIds} onChange={(ids) => void formik.setFieldValue('queueIds', ids)} />)}
      <ConnectionToken connectionId={connection?.id} shown={connection?.token ?? ''} />
    </div>
  );
  const messages = (
    <div className="connection-form-panel">
      {textArea('greetingMessage', t('connections.hints.greetingMessage'))}
      {textArea('complationMessage')}
      {textArea('outOfHoursMessage')}
      {textArea('ratingMessage')}
      {textArea('expiresInactiveMessage')}
    </div>
  );
  const automation = (
    <div className="connection-form-panel">
      {/* Prompts and integrations have their own pages; until the company has some there is nothing to choose. */}
      {prompts.length > 0 && select('promptId', prompts)}
      {integrations.length > 0 && select('integrationId', integrations)}
      <div className="connection-form-row">
        {select('transferQueueId', queues)}
        {number('timeToTransfer')}
      </div>
      {number('expiresTicket')}
      <div className="connection-form-row">
        {number('timeUseBotQueues')}
        {number('maxUseBotQueues')}
      </div>
    </div>
  );

  return (
    <DialogForm
      form={formik}
      onCancel={onCancel}
      testIds={{ form: 'connection-form', cancel: 'connection-cancel', submit: 'connection-save' }}
      cancelText={t('connections.dialog.cancel')}
      saveText={t('connections.dialog.save')}
    >
      <Tabs id="connection-tabs" selectedTabId={tab} onChange={(id: TabId) => setTab(id as FormTab)}>
        <Tab id="general" title={tabTitle('general')} panel={general} data-testid="connection-tab-general" />
        <Tab id="messages" title={tabTitle('messages')} panel={messages} data-testid="connection-tab-messages" />
        <Tab id="automation" title={tabTitle('automation')} panel={automation} data-testid="connection-tab-automation" />
      </Tabs>
    </DialogForm>
  );
}
