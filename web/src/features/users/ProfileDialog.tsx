import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, type InputGroupProps, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, i18n, LANGUAGES, type Language } from '../../i18n';
import { serverFieldErrors, validateWith } from '../../ui/formErrors';
import { toastError, toastSuccess } from '../../ui/toaster';
import { TextField } from '../../ui/TextField';
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

  const formik = useFormik<ProfileValues>({
    initialValues: { name: user?.name ?? '', email: user?.email ?? '', password: '', language: currentLanguage() },
    enableReinitialize: true,
    validate: validateWith<ProfileValues>(userEditSchema, {
      prepare: (values) => ({ name: values.name.trim(), email: values.email.trim(), ...changesOf(values) }),
      describe,
      topLevel: true,
    }),
    onSubmit: async (values, helpers) => {
      if (!user) return;
      try {
        const changes = changesOf(values);
        if (Object.keys(changes).length > 0) {
          const saved = await usersApi.update(user.id, changes);
          setUser({ ...user, name: saved.name, email: saved.email });
        }
        if (values.language !== currentLanguage()) {
          await usersApi.setLanguage(values.language);
          changeLanguage(values.language);
        }
        // In the language just chosen: `t` still speaks the one this render had.
        toastSuccess(i18n.t('users.profile.saved'));
        helpers.resetForm();
        onClose();
      } catch (error) {
        const fieldErrors = serverFieldErrors<ProfileValues>(error, { describe });
        if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
        else toastError(error);
      }
    },
  });

  const errorOf = (field: keyof ProfileValues) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
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
    <Dialog isOpen={isOpen} onClose={close} title={t('users.profile.title')} icon="user" className="user-dialog">
      <form onSubmit={formik.handleSubmit} noValidate data-testid="profile-dialog">
        <DialogBody>
          {input('name', { autoComplete: 'name' })}
          {input('email', { type: 'email', autoComplete: 'email' })}
          {input('password', { type: 'password', autoComplete: 'new-password' })}
          <FormGroup label={labels.language} labelFor="profile-language">
            <HTMLSelect
              id="profile-language"
              name="language"
              fill
              data-testid="profile-language"
              value={formik.values.language}
              onChange={formik.handleChange}
              options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('users.dialog.cancel')} onClick={close} data-testid="profile-cancel" />
              <Button type="submit" intent={Intent.PRIMARY} text={t('users.dialog.save')} loading={formik.isSubmitting} data-testid="profile-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
