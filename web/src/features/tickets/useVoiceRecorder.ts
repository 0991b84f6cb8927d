import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../../ui/toaster';
import { MIN_VOICE_BYTES } from '../../ui/mediaFiles';
import { recordingMimeType, voiceNoteFile } from './voiceNote';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'processing';

/** The server takes audio up to 5 MB: about five minutes at 128 kbit. A longer recording is sent when it gets there. */
const MAX_RECORDING_MS = 5 * 60 * 1000;

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  /** Whether the recording is to be sent once the recorder has stopped (false: cancelled). */
  keep: boolean;
}

export interface VoiceRecorder {
  state: RecorderState;
  elapsedMs: number;
  start(): void;
  cancel(): void;
  send(): void;
}

const stopTracks = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/**
 * Records a voice note from the microphone (MediaRecorder): start, then cancel or send. A sent recording becomes an
 * MP3 file for `onRecorded`, unless it is under the spec's 10000 bytes: then it is discarded with a note.
 */
export function useVoiceRecorder(onRecorded: (file: File) => void): VoiceRecorder {
  const { t } = useTranslation();
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const recording = useRef<Recording | null>(null);
  const mounted = useRef(true);
  const deliver = useRef(onRecorded);
  deliver.current = onRecorded;

  const finish = useCallback(
    async (audio: Blob) => {
      const file = await voiceNoteFile(audio);
      if (!mounted.current) return;
      if (file.size < MIN_VOICE_BYTES) toastWarning(t('messages.recorder.tooShort'));
      else deliver.current(file);
      setState('idle');
    },
    [t],
  );

  const start = useCallback(async () => {
    if (recording.current || state !== 'idle') return;
    // getUserMedia exists only in secure contexts (https or localhost).
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      toastWarning(t('messages.recorder.unsupported'));
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = (error as { name?: string }).name;
      toastWarning(
        name === 'NotAllowedError' || name === 'SecurityError'
          ? t('messages.recorder.permissionDenied')
          : name === 'NotFoundError'
            ? t('messages.recorder.noMicrophone')
            : t('messages.recorder.failed'),
      );
      if (mounted.current) setState('idle');
      return;
    }
    if (!mounted.current) {
      stopTracks(stream);
      return;
    }
    try {
      const mimeType = recordingMimeType();
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const current: Recording = { recorder, stream, chunks: [], startedAt: Date.now(), keep: false };
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) current.chunks.push(event.data);
      });
      recorder.addEventListener('stop', () => {
        stopTracks(stream);
        if (recording.current === current) recording.current = null;
        if (current.keep) void finish(new Blob(current.chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
      });
      recorder.start();
      recording.current = current;
      setElapsedMs(0);
      setState('recording');
    } catch (error) {
      console.warn('Could not record:', error);
      stopTracks(stream);
      toastWarning(t('messages.recorder.failed'));
      setState('idle');
    }
  }, [state, t, finish]);

  const stop = useCallback((keep: boolean) => {
    const current = recording.current;
    if (!current) return;
    current.keep = keep;
    setState(keep ? 'processing' : 'idle');
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else stopTracks(current.stream);
  }, []);

  const cancel = useCallback(() => stop(false), [stop]);
  const send = useCallback(() => stop(true), [stop]);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      const elapsed = Date.now() - (recording.current?.startedAt ?? Date.now());
      setElapsedMs(elapsed);
      if (elapsed >= MAX_RECORDING_MS) send();
    }, 250);
    return () => clearInterval(timer);
  }, [state, send]);

  // Leaving the ticket while recording drops the recording and frees the microphone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = recording.current;
      if (!current) return;
      current.keep = false;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      stopTracks(current.stream);
    };
  }, []);

  return { state, elapsedMs, start: () => void start(), cancel, send };
}
