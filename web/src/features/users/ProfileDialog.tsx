import type { InputGroupProps } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n, LANGUAGES, type Language } from '../../i18n';
import { validateWith } from '../../ui/formErrors';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useRecordForm } from '../../ui/useRecordForm';
import { userAtom } from '../../app/sessionAtoms';
import { userEditSchema } from './schemas';
import { usersApi, type UserChanges } from './usersApi';
import './users.css';

interface ProfileValues {
  name: string;
  email: string;
  password: string;
  language: Language;
}

interface ProfileDialogProps {
  isOpen: boolean;
  onClose(): void;
}

/**
 * The signed-in user's own name, e-mail, password (blank keeps it) and language: PUT /users/{id} with what changed,
 * POST /users/set-language/{lang} (kept for their other devices) and the console's own language switch.
 */
export function ProfileDialog({ isOpen, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const [user, setUser] = useAtom(userAtom);
  const labels: Record<string, string> = {
    name: t('users.fields.name'),
    email: t('users.fields.email'),
    password: t('users.fields.password'),
    language: t('users.fields.language'),
  };
  const describe = (field: string, message: string) => t('users.fieldError', { field: labels[field] ?? field, message });

  const changesOf = (values: ProfileValues): UserChanges => {
    const name = values.name.trim();
    const email = values.email.trim();
    return {
      ...(name !== user?.name ? { name } : {}),
      ...(email !== user?.email ? { email } : {}),
      ...(values.password !== '' ? { password: values.password } : {}),
    };
  };

  const { formik, errorOf } = useRecordForm<ProfileValues, ProfileValues>({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', language: currentLanguage() },
    formik: { enableReinitialize: true },
    validate: validateWith<ProfileValues>(userEditSchema, {
      prepare: (values) => ({ name: values.name.trim(), email: values.email.trim(), ...changesOf(values) }),
      describe,
      topLevel: true,
    }),
    save: async (values, helpers) => {
      if (!user) return undefined;
      const changes = changesOf(values);
      if (Object.keys(changes).length > 0) {
        const saved = await usersApi.update(user.id, changes);
        setUser({ ...user, name: saved.name, email: saved.email });
      }
      if (values.language !== currentLanguage()) {
        await usersApi.setLanguage(values.language);
        changeLanguage(values.language);
      }
      helpers.resetForm();
      return values;
    },
    // In the language just chosen: `t` still speaks the one this render had.
    savedText: () => i18n.t('users.profile.saved'),
    onDone: onClose,
    refusal: { describe },
  });
  const input = (field: 'name' | 'email' | 'password', props: Partial<InputGroupProps> = {}) => (
    <TextField
      id={`profile-${field}`}
      label={labels[field]}
      error={errorOf(field)}
      helper={field === 'password' ? t('users.passwordKeep') : undefined}
      {...formik.getFieldProps(field)}
      {...props}
    />
  );

  const close = () => {
    formik.resetForm();
    onClose();
  };

  return (
    <FormDialog
      form={formik}
      isOpen={isOpen}
      onClose={close}
      whileSaving="open"
      title={t('users.profile.title')}
      icon="user"
      className="user-dialog"
      testIds={{ form: 'profile-dialog', cancel: 'profile-cancel', submit: 'profile-save' }}
      cancelText={t('users.dialog.cancel')}
      saveText={t('users.dialog.save')}
    >
      {input('name', { autoComplete: 'name' })}
      {input('email', { type: 'email', autoComplete: 'email' })}
      {input('password', { type: 'password', autoComplete: 'new-password' })}
      <SelectField
        id="profile-language"
        name="language"
        label={labels.language}
        value={formik.values.language}
        onChange={formik.handleChange}
        options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      />
    </FormDialog>
  );
}
