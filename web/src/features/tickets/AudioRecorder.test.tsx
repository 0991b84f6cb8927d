import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fakeFetch';
import { message } from '../../test/fixtures';
import { fakeDecoder, FakeMediaRecorder, fakeMicrophone, removeMicrophone } from './fakeAudio';
import { renderMessageInput } from '../../test/renderMessageInput';

const renderInput = (disabled = false) => renderMessageInput({ disabled });

describe('audio recorder', () => {
  beforeEach(() => {
    FakeMediaRecorder.bytes = 20_000;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    removeMicrophone();
  });

  it('records, shows the elapsed time, and sends the voice note as an MP3 with voice=true', async () => {
    const { calls } = fakeFetch(() => ({ status: 201, body: message('m1', 1, { fromMe: true, mediaType: 'audio' }) }));
    const { track } = fakeMicrophone();
    fakeDecoder(1.5);
    renderInput();
    await userEvent.type(screen.getByLabelText('Message'), 'keep me');

    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(await screen.findByRole('group', { name: 'Recording audio' })).toBeTruthy();
    expect(screen.getByLabelText('Recording time').textContent).toBe('0:00');
    expect(FakeMediaRecorder.latest?.state).toBe('recording');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send recording' }));

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    const form = calls[0]!.body as FormData;
    const file = form.get('medias') as File;
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/messages/1', token: 'jwt' });
    expect(file.type).toBe('audio/mpeg');
    expect(file.name).toMatch(/^voice-\d{8}-\d{6}\.mp3$/);
    // 1.5 s at 128 kbit.
    expect(file.size).toBeGreaterThan(23_000);
    expect(form.get('voice')).toBe('true');
    expect(form.get('body')).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    // The typed draft is still there once the recorder gives the box back.
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('keep me'));
  });

  it('discards a recording under 10000 bytes with a note, and sends nothing', async () => {
    const { calls } = fakeFetch(() => ({ status: 201, body: message('m1', 1, { fromMe: true }) }));
    fakeMicrophone();
    fakeDecoder(0.4);
    renderInput();
    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send recording' }));

    expect(await screen.findByText('Recording too short')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('pending-upload')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record audio' })).toBeTruthy();
  });

  it('cancels with the button or Escape, sending nothing and freeing the microphone', async () => {
    const { calls } = fakeFetch(() => ({}));
    const { track } = fakeMicrophone();
    renderInput();
    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel recording' }));
    expect(track.stop).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    await screen.findByRole('group', { name: 'Recording audio' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Recording audio' })).toBeNull());
    expect(track.stop).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
  });

  it('says so when the microphone is refused', async () => {
    fakeFetch(() => ({}));
    fakeMicrophone('NotAllowedError');
    renderInput();
    await userEvent.click(screen.getByRole('button', { name: 'Record audio' }));
    expect(await screen.findByText('Microphone access was denied. Allow it in the browser to record audio.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Recording audio' })).toBeNull();
  });

  it('cannot record on a ticket that is not open', () => {
    fakeFetch(() => ({}));
    const { getUserMedia } = fakeMicrophone();
    renderInput(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Record audio' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Attach files' }).disabled).toBe(true);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
