import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { ApiError } from '../api/ApiError';
import { validateWith } from './formErrors';
import { FormDialog } from './FormDialog';
import { TextField } from './TextField';
import { toastError, toastSuccess } from './toaster';
import { useRecordForm, type Refusal } from './useRecordForm';

vi.mock('./toaster', async (original) => ({ ...(await original<typeof import('./toaster')>()), toastError: vi.fn(), toastSuccess: vi.fn() }));

interface Values {
  name: string;
}

const schema = object({ name: string().trim().required('validation.required') });

function NameDialog({ save, onSaved, onClose, refusal }: { save(values: Values): Promise<Values>; onSaved(saved: Values): void; onClose(): void; refusal?: Refusal }) {
  const { formik, errorOf } = useRecordForm<Values, Values>({
    initialValues: { name: '' },
    validate: validateWith<Values>(schema),
    save,
    savedText: 'Saved.',
    onSaved,
    onDone: onClose,
    refusal,
  });
  return (
    <FormDialog form={formik} onClose={onClose} title="A name" testIds={{ form: 'name-form', cancel: 'name-cancel', submit: 'name-submit' }} cancelText="Cancel" saveText="Save">
      <TextField id="name" label="Name" error={errorOf('name')} {...formik.getFieldProps('name')} />
    </FormDialog>
  );
}

function open(save: (values: Values) => Promise<Values>, refusal?: Refusal) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(<NameDialog save={save} onSaved={onSaved} onClose={onClose} refusal={refusal} />);
  return { onSaved, onClose };
}

describe('useRecordForm in a FormDialog', () => {
  beforeEach(() => {
    vi.mocked(toastError).mockClear();
    vi.mocked(toastSuccess).mockClear();
  });

  it('checks the schema before sending, then saves, says so, tells its owner and closes; cancel waits while it saves', async () => {
    let finish = () => undefined as void;
    const save = vi.fn((values: Values) => new Promise<Values>((resolve) => (finish = () => resolve(values))));
    const { onSaved, onClose } = open(save);

    await userEvent.click(screen.getByTestId('name-submit'));
    expect(await screen.findByText('is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('name'), 'Ana');
    await userEvent.click(screen.getByTestId('name-submit'));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything()));
    expect(screen.getByTestId<HTMLButtonElement>('name-cancel').disabled).toBe(true);
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).toHaveBeenCalledWith({ name: 'Ana' });
    expect(toastSuccess).toHaveBeenCalledWith('Saved.');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('shows the fields the server refused under them and keeps what was typed; any other refusal is a toast', async () => {
    const refused = new ApiError(400, 'ERR_VALIDATION', [{ path: 'name', message: 'is taken' }]);
    const { onClose } = open(() => Promise.reject(refused));
    await userEvent.type(screen.getByTestId('name'), 'Ana');
    await userEvent.click(screen.getByTestId('name-submit'));
    expect(await screen.findByText('is taken')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('name').value).toBe('Ana');
    expect(toastError).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts a catalogue refusal that names no field', async () => {
    const refused = new ApiError(409, 'ERR_PLAN_IN_USE');
    const { onClose } = open(() => Promise.reject(refused));
    await userEvent.type(screen.getByTestId('name'), 'Ana');
    await userEvent.click(screen.getByTestId('name-submit'));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refused));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a code that belongs to a field under it', async () => {
    const taken = new ApiError(409, 'ERR_PLAN_IN_USE');
    open(() => Promise.reject(taken), { fieldOfCode: { ERR_PLAN_IN_USE: 'name' } });
    await userEvent.type(screen.getByTestId('name'), 'Ana');
    await userEvent.click(screen.getByTestId('name-submit'));
    await waitFor(() => expect(screen.getByTestId('name').getAttribute('aria-invalid')).toBe('true'));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('"fields and toast" toasts beside the fields it shows', async () => {
    const refused = new ApiError(400, 'ERR_VALIDATION', [{ path: 'name', message: 'is taken' }]);
    open(() => Promise.reject(refused), { show: 'fields and toast' });
    await userEvent.type(screen.getByTestId('name'), 'Ana');
    await userEvent.click(screen.getByTestId('name-submit'));
    expect(await screen.findByText('is taken')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith(refused);
  });
});
