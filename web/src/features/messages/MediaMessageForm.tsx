import { Button, FileInput, FormGroup, H4, Intent } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { toastSuccess } from '../../ui/toaster';
import { AnswerCallout } from './AnswerCallout';
import { sendTestMessage, type SendAnswer } from './sendTestMessage';
import { mediaTestSchema, type MediaTestValues } from './testForms';

/**
 * Sends a file through POST /api/messages/send as multipart (number, body, medias), with the token typed here, and
 * shows the answer. The body is the file's name, as the console's own attachments send it.
 */
export function MediaMessageForm() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SendAnswer>();
  const label = (field: keyof MediaTestValues) => t(`messagesApi.test.${field}`);
  const formik = useFormik<MediaTestValues>({
    initialValues: { token: '', number: '', file: null },
    validate: validateWith<MediaTestValues>(mediaTestSchema, { describe: (field, message) => t('messagesApi.test.fieldError', { field: label(field as keyof MediaTestValues), message }) }),
    onSubmit: async (values) => {
      const file = values.file!;
      const form = new FormData();
      form.append('number', values.number.trim());
      form.append('body', file.name);
      form.append('medias', file, file.name);
      setAnswer(undefined);
      const result = await sendTestMessage(values.token.trim(), form);
      setAnswer(result);
      if (result.ok) toastSuccess(t('messagesApi.test.sent'));
    },
  });
  const errorOf = (field: keyof MediaTestValues) => (formik.touched[field] || formik.submitCount > 0 ? (formik.errors[field] as string | undefined) : undefined);
  const fileError = errorOf('file');

  return (
    <form className="messages-api-form" onSubmit={formik.handleSubmit} noValidate data-testid="messages-api-media-form">
      <H4>{t('messagesApi.test.mediaTitle')}</H4>
      <TextField id="messages-api-media-token" label={label('token')} error={errorOf('token')} autoComplete="off" spellCheck={false} {...formik.getFieldProps('token')} />
      <TextField id="messages-api-media-number" label={label('number')} error={errorOf('number')} placeholder="5511999999999" inputMode="numeric" {...formik.getFieldProps('number')} />
      <FormGroup label={label('file')} labelFor="messages-api-media-file" helperText={fileError} intent={fileError ? Intent.DANGER : Intent.NONE}>
        <FileInput
          fill
          text={formik.values.file?.name ?? t('messagesApi.test.chooseFile')}
          hasSelection={formik.values.file !== null}
          buttonText={t('messagesApi.test.browse')}
          inputProps={{ id: 'messages-api-media-file', name: 'file', 'aria-invalid': fileError ? true : undefined, ...({ 'data-testid': 'messages-api-media-file' } as object) }}
          onInputChange={(event) => void formik.setFieldValue('file', event.currentTarget.files?.[0] ?? null)}
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text={t('messagesApi.test.send')} loading={formik.isSubmitting} data-testid="messages-api-media-send" />
      {answer && <AnswerCallout answer={answer} testId="messages-api-media-answer" />}
    </form>
  );
}
