import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { renderMessageInput } from '../../test/renderMessageInput';

const photo = () => new File([new Uint8Array(2048)], 'shop front.png', { type: 'image/png' });
const invoice = () => new File([new Uint8Array(4096)], 'invoice.pdf', { type: 'application/pdf' });

const renderInput = () => renderMessageInput();

/** Picks files with the paperclip and sends them with a caption from the dialog. */
async function attach(files: File[], caption: string) {
  await userEvent.upload(screen.getByTestId('message-attach-input'), files);
  const dialog = await screen.findByRole('dialog');
  for (const file of files) expect(within(dialog).getByText(file.name)).toBeTruthy();
  if (caption) await userEvent.type(within(dialog).getByLabelText('Caption (optional)'), caption);
  await userEvent.click(within(dialog).getByTestId('attach-send'));
}

const formOf = (body: unknown) => {
  const form = body as FormData;
  return { medias: form.getAll('medias').map((f) => (f as File).name), body: form.get('body'), voice: form.get('voice') };
};

describe('attachments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the chosen files as multipart `medias` with the caption as `body`, showing a pending bubble until the server answers', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const { calls, fetch } = fakeFetch(() => new Promise((resolve) => (answer = resolve)));
    renderInput();
    await attach([photo(), invoice()], 'Photo and invoice');

    const pending = await screen.findByTestId('pending-upload');
    expect(pending.textContent).toContain('shop front.png, invoice.pdf');
    expect(within(pending).getByRole('progressbar')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/messages/1', token: 'jwt' });
    expect(formOf(calls[0]!.body)).toEqual({ medias: ['shop front.png', 'invoice.pdf'], body: 'Photo and invoice', voice: null });
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    answer({ status: 201, body: message('m1', 1, { fromMe: true, mediaType: 'image' }) });
    await waitFor(() => expect(screen.queryByTestId('pending-upload')).toBeNull());
  });

  it('sends no caption when none was typed, and a file removed in the dialog stays home', async () => {
    const { calls } = fakeFetch(() => ({ status: 201, body: message('m1', 1, { fromMe: true }) }));
    renderInput();
    await userEvent.upload(screen.getByTestId('message-attach-input'), [photo(), invoice()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove invoice.pdf' }));
    await userEvent.click(screen.getByTestId('attach-send'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(formOf(calls[0]!.body)).toEqual({ medias: ['shop front.png'], body: null, voice: null });
  });

  it("shows the server's reason for a refused file and keeps the files and caption to send again with the same key", async () => {
    const answers = [
      { status: 400, body: { error: 'ERR_VALIDATION', message: 'medias: must be one of these file types: png, jpg', details: [{ path: 'medias', rule: 'fileType', message: 'must be one of these file types: png, jpg' }] } },
      { status: 201, body: message('m1', 1, { fromMe: true }) },
    ];
    const { calls, fetch } = fakeFetch(() => answers.shift()!);
    renderInput();
    await userEvent.type(screen.getByLabelText('Message'), 'draft text');
    await attach([photo()], 'Look');

    expect(await screen.findByText('File not accepted: it must be one of these file types: png, jpg')).toBeTruthy();
    const pending = await screen.findByTestId('pending-upload');
    await waitFor(() => expect(pending.dataset.status).toBe('failed'));
    expect(pending.textContent).toContain('shop front.png');
    expect(pending.textContent).toContain('Look');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('draft text');

    await userEvent.click(within(pending).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByTestId('pending-upload')).toBeNull());
    expect(calls.map((c) => formOf(c.body))).toEqual([
      { medias: ['shop front.png'], body: 'Look', voice: null },
      { medias: ['shop front.png'], body: 'Look', voice: null },
    ]);
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init!.headers).get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
  });

  it('says a file is too large on a bare 413, and a failed upload can be discarded', async () => {
    fakeFetch(() => ({ status: 413 }));
    renderInput();
    await attach([invoice()], '');
    expect(await screen.findByText('File not accepted: it is too large')).toBeTruthy();
    const pending = screen.getByTestId('pending-upload');
    await userEvent.click(within(pending).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByTestId('pending-upload')).toBeNull();
  });

  it('offers the usual kinds of files in the picker', () => {
    fakeFetch(() => ({}));
    renderInput();
    const accept = screen.getByTestId('message-attach-input').getAttribute('accept')!.split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'audio/*', 'video/mp4', 'application/pdf', '.docx', '.xlsx']));
  });
});
