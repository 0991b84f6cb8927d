import { changeFlowCampaignSchema, flowCampaignSchema, type Flow, type FlowCampaign, type Whatsapp } from '@atendo/contracts';
import { Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../../ui/formErrors';
import { FormDialog, recordTexts } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { toastError } from '../../../ui/toaster';
import { TextField } from '../../../ui/TextField';
import { useRecordForm } from '../../../ui/useRecordForm';
import { flowCampaignsApi, flowsApi, type FlowCampaignValues } from '../flowsApi';

/** The form's values: the selects hold their option's value ('' for none). */
interface FormValues {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
}

const valuesOf = (c: FlowCampaign | undefined): FormValues => ({
  name: c?.name ?? '',
  flowId: c ? String(c.flowId) : '',
  whatsappId: c ? String(c.whatsappId) : '',
  phrase: c?.phrase ?? '',
  // Spec §4: a new flow campaign defaults to active.
  status: c?.status ?? true,
});

const idOf = (value: string) => (value === '' ? undefined : Number(value));

/** What the form sends: trimmed texts and numeric ids. */
const sent = (v: FormValues): Partial<FlowCampaignValues> => ({ name: v.name.trim(), flowId: idOf(v.flowId), whatsappId: idOf(v.whatsappId), phrase: v.phrase.trim(), status: v.status });

interface FlowCampaignDialogProps {
  /** The campaign to change; none to add one. */
  editing: FlowCampaign | undefined;
  onSaved(campaign: FlowCampaign): void;
  onClose(): void;
}

/** Adds or changes a phrase campaign: name, the flow it starts, the connection it listens on, the phrase, active. */
export function FlowCampaignDialog({ editing, onSaved, onClose }: FlowCampaignDialogProps) {
  const { t } = useTranslation();
  const [flows, setFlows] = useState<Flow[]>([]);
  const [connections, setConnections] = useState<Whatsapp[]>([]);
  useEffect(() => {
    flowsApi.all().then(setFlows, toastError);
    flowCampaignsApi.connections().then(setConnections, toastError);
  }, []);

  const labels: Record<string, string> = {
    name: t('flowCampaigns.form.name'),
    flowId: t('flowCampaigns.form.flow'),
    whatsappId: t('flowCampaigns.form.connection'),
    phrase: t('flowCampaigns.form.phrase'),
    status: t('flowCampaigns.form.status'),
  };
  const describe = (field: string, text: string) => `${labels[field] ?? field} ${text}`;

  const { formik, errorOf } = useRecordForm<FormValues, FlowCampaign>({
    initialValues: valuesOf(editing),
    validate: editing
      ? validateWith<FormValues>(changeFlowCampaignSchema, { prepare: (v) => ({ id: editing.id, ...sent(v) }), describe })
      : validateWith<FormValues>(flowCampaignSchema, { prepare: sent, describe }),
    save: (values) => (editing ? flowCampaignsApi.update(editing.id, sent(values) as FlowCampaignValues) : flowCampaignsApi.create(sent(values) as FlowCampaignValues)),
    savedText: editing ? t('flowCampaigns.updated') : t('flowCampaigns.created'),
    onSaved,
    onDone: onClose,
    refusal: { describe },
  });

  const select = (name: 'flowId' | 'whatsappId', options: Array<{ id: number; name: string }>) => {
    const error = errorOf(name);
    return (
      <SelectField
        id={`flow-campaign-${name === 'flowId' ? 'flow' : 'connection'}`}
        label={labels[name]}
        error={error}
        name={name}
        value={formik.values[name]}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        aria-invalid={error ? true : undefined}
        className={error ? 'flow-campaign-select-invalid' : undefined}
        options={[{ value: '', label: t('flowCampaigns.form.choose') }, ...options.map((o) => ({ value: String(o.id), label: o.name }))]}
      />
    );
  };

  return (
    <FormDialog form={formik} onClose={onClose} icon="key" className="flow-campaign-dialog" testIds="flow-campaign" {...recordTexts(t('flowCampaigns.form', { returnObjects: true }), !editing)}>
      <TextField id="flow-campaign-name" label={labels.name} error={errorOf('name')} {...formik.getFieldProps('name')} autoFocus />
      {select('flowId', flows)}
      {select('whatsappId', connections)}
      <TextField id="flow-campaign-phrase" label={labels.phrase} helper={t('flowCampaigns.form.phraseHint')} error={errorOf('phrase')} {...formik.getFieldProps('phrase')} />
      <Switch
        id="flow-campaign-status"
        data-testid="flow-campaign-status-switch"
        checked={formik.values.status}
        label={labels.status}
        onChange={(event) => void formik.setFieldValue('status', event.currentTarget.checked)}
      />
    </FormDialog>
  );
}
