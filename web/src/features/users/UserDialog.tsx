import { userSchema, type Profile, type QueueRef, type User, type Whatsapp } from '@atendo/contracts';
import { FormGroup, type InputGroupProps, Intent, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { toastError } from '../../ui/toaster';
import { useRecordForm } from '../../ui/useRecordForm';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { userAtom } from '../../app/sessionAtoms';
import { useCan } from '../../app/useCan';
import { QueueSelect } from '../../ui/QueueSelect';
import { userEditSchema } from './schemas';
import { usersApi, type NewUser, type UserChanges } from './usersApi';
import './users.css';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queueIds: number[];
  /** The select's value: '' for none. */
  whatsappId: string;
  allTicket: boolean;
  super: boolean;
}

type Field = keyof UserFormValues;

interface UserDialogProps {
  isOpen: boolean;
  /** The user to edit; none to add one. */
  user?: User;
  onClose(): void;
  onSaved?(user: User): void;
}

function initialValues(user: User | undefined): UserFormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    profile: user?.profile ?? 'user',
    queueIds: user?.queues.map((q) => q.id) ?? [],
    whatsappId: user?.whatsappId == null ? '' : String(user.whatsappId),
    allTicket: user?.allTicket === 'enabled',
    super: user?.super ?? false,
  };
}

/**
 * Adds or edits a user (POST /users, PUT /users/{id}) with the rules of the contracts' userSchema and userChangesSchema.
 * Only what the viewer may change is shown and sent (spec §6: profile by editProfile, queues, default connection and
 * allTicket by editQueues, the super flag by super users); a refusal keeps the dialog open with what was typed.
 */
export function UserDialog({ isOpen, user, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  const can = useCan();
  const viewer = useAtomValue(userAtom);
  const editing = user !== undefined;
  const canEditProfile = can('user-modal:editProfile');
  const canEditQueues = can('user-modal:editQueues');
  const canMakeSuper = viewer?.super ?? false;
  const [queues, setQueues] = useState<QueueRef[]>([]);
  const [connections, setConnections] = useState<Whatsapp[]>([]);

  useEffect(() => {
    if (!isOpen || !canEditQueues) return;
    let live = true;
    usersApi.queues().then((list) => live && setQueues(list), toastError);
    usersApi.connections().then((list) => live && setConnections(list), toastError);
    return () => {
      live = false;
    };
  }, [isOpen, canEditQueues]);

  const labels: Record<string, string> = {
    name: t('users.fields.name'),
    email: t('users.fields.email'),
    password: t('users.fields.password'),
    profile: t('users.fields.profile'),
    queueIds: t('users.fields.queueIds'),
    whatsappId: t('users.fields.whatsappId'),
    allTicket: t('users.fields.allTicket'),
    super: t('users.fields.super'),
  };
  const describe = (field: string, message: string) => t('users.fieldError', { field: labels[field] ?? field, message });

  /** What the form sends: the fields the viewer may change; on edit, a blank password keeps the current one. */
  const toBody = (values: UserFormValues): NewUser | UserChanges => ({
    name: values.name.trim(),
    email: values.email.trim(),
    ...(editing && values.password === '' ? {} : { password: values.password }),
    ...(canEditProfile ? { profile: values.profile } : {}),
    ...(canEditQueues
      ? { queueIds: values.queueIds, whatsappId: values.whatsappId === '' ? null : Number(values.whatsappId), allTicket: values.allTicket ? 'enabled' : 'desabled' }
      : {}),
    ...(canMakeSuper ? { super: values.super } : {}),
  });

  const { formik, errorOf } = useRecordForm<UserFormValues, User>({
    initialValues: initialValues(user),
    validate: validateWith<UserFormValues>(editing ? userEditSchema : userSchema, { prepare: toBody, describe, topLevel: true }),
    save: (values) => (editing ? usersApi.update(user.id, toBody(values)) : usersApi.create(toBody(values) as NewUser)),
    savedText: t('users.saved'),
    onSaved,
    onDone: onClose,
    refusal: { describe },
  });

  const group = (field: Field, control: React.ReactNode, helper?: string) => {
    const error = errorOf(field);
    return (
      <FormGroup label={labels[field]} labelFor={`user-${field}`} helperText={error ?? helper} intent={error ? Intent.DANGER : Intent.NONE}>
        {control}
      </FormGroup>
    );
  };
  const input = (field: 'name' | 'email' | 'password', props: Partial<InputGroupProps> = {}) => (
    <TextField
      id={`user-${field}`}
      label={labels[field]}
      error={errorOf(field)}
      helper={field === 'password' && editing ? t('users.passwordKeep') : undefined}
      {...formik.getFieldProps(field)}
      {...props}
    />
  );

  return (
    <FormDialog
      form={formik}
      isOpen={isOpen}
      onClose={onClose}
      whileSaving="open"
      title={editing ? t('users.dialog.editTitle') : t('users.dialog.addTitle')}
      icon={editing ? 'edit' : 'new-person'}
      className="user-dialog"
      canOutsideClickClose={!formik.dirty}
      testIds={{ form: 'user-dialog', cancel: 'user-cancel', submit: 'user-save' }}
      cancelText={t('users.dialog.cancel')}
      saveText={t('users.dialog.save')}
    >
      {input('name', { autoFocus: true, autoComplete: 'off' })}
      {input('email', { type: 'email', autoComplete: 'off' })}
      {input('password', { type: 'password', autoComplete: 'new-password' })}
      {canEditProfile && (
        <SelectField
          id="user-profile"
          name="profile"
          label={labels.profile}
          error={errorOf('profile')}
          value={formik.values.profile}
          onChange={formik.handleChange}
          options={(['user', 'admin'] as const).map((p) => ({ value: p, label: t(`users.profiles.${p}`) }))}
        />
      )}
      {canEditQueues && (
        <>
          {group(
            'queueIds',
            <QueueSelect id="user-queueIds" queues={queues.length > 0 ? queues : (user?.queues ?? [])} selectedIds={formik.values.queueIds} onChange={(ids) => void formik.setFieldValue('queueIds', ids)} />,
          )}
          <SelectField
            id="user-whatsappId"
            name="whatsappId"
            label={labels.whatsappId}
            error={errorOf('whatsappId')}
            value={formik.values.whatsappId}
            onChange={formik.handleChange}
            options={[{ value: '', label: t('users.noConnection') }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <Switch
            name="allTicket"
            data-testid="user-allTicket"
            checked={formik.values.allTicket}
            onChange={formik.handleChange}
            label={labels.allTicket}
          />
        </>
      )}
      {canMakeSuper && (
        <Switch name="super" data-testid="user-super" checked={formik.values.super} onChange={formik.handleChange} label={labels.super} />
      )}
    </FormDialog>
  );
}
