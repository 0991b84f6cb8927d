import * as yup from 'yup';

/** The test forms check only that something was typed: the API's own answer to a malformed number is the lesson. */
const required = () => yup.string().trim().required('validation.required');

export const textTestSchema = yup.object({ token: required(), number: required(), body: required() });
export type TextTestValues = yup.InferType<typeof textTestSchema>;

export const mediaTestSchema = yup.object({
  token: required(),
  number: required(),
  file: yup.mixed<File>().required('validation.required'),
});
export interface MediaTestValues {
  token: string;
  number: string;
  file: File | null;
}
