import { Button, FormGroup, H4, Intent, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateWith } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { toastSuccess } from '../../ui/toaster';
import { AnswerCallout } from './AnswerCallout';
import { sendTestMessage, type SendAnswer } from './sendTestMessage';
import { textTestSchema, type TextTestValues } from './testForms';

/** Sends a text through POST /api/messages/send as JSON, with the token typed here, and shows the answer. */
export function TextMessageForm() {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SendAnswer>();
  const label = (field: keyof TextTestValues) => t(`messagesApi.test.${field}`);
  const formik = useFormik<TextTestValues>({
    initialValues: { token: '', number: '', body: '' },
    validate: validateWith<TextTestValues>(textTestSchema, { describe: (field, message) => t('messagesApi.test.fieldError', { field: label(field as keyof TextTestValues), message }) }),
    onSubmit: async (values) => {
      setAnswer(undefined);
      const result = await sendTestMessage(values.token.trim(), { number: values.number.trim(), body: values.body });
      setAnswer(result);
      if (result.ok) toastSuccess(t('messagesApi.test.sent'));
    },
  });
  const errorOf = (field: keyof TextTestValues) => (formik.touched[field] || formik.submitCount > 0 ? formik.errors[field] : undefined);
  const bodyError = errorOf('body');

  return (
    <form className="messages-api-form" onSubmit={formik.handleSubmit} noValidate data-testid="messages-api-text-form">
      <H4>{t('messagesApi.test.textTitle')}</H4>
      <TextField id="messages-api-text-token" label={label('token')} error={errorOf('token')} autoComplete="off" spellCheck={false} {...formik.getFieldProps('token')} />
      <TextField id="messages-api-text-number" label={label('number')} error={errorOf('number')} placeholder="5511999999999" inputMode="numeric" {...formik.getFieldProps('number')} />
      <FormGroup label={label('body')} labelFor="messages-api-text-body" helperText={bodyError} intent={bodyError ? Intent.DANGER : Intent.NONE}>
        <TextArea
          id="messages-api-text-body"
          data-testid="messages-api-text-body"
          {...formik.getFieldProps('body')}
          intent={bodyError ? Intent.DANGER : Intent.NONE}
          aria-invalid={bodyError ? true : undefined}
          rows={3}
          fill
          autoResize
        />
      </FormGroup>
      <Button type="submit" intent={Intent.PRIMARY} icon="send-message" text={t('messagesApi.test.send')} loading={formik.isSubmitting} data-testid="messages-api-text-send" />
      {answer && <AnswerCallout answer={answer} testId="messages-api-text-answer" />}
    </form>
  );
}
