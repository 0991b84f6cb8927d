import { useState } from 'react';
import { toastError, toastSuccess } from './toaster';

interface AttachmentApi<R> {
  upload(id: number, file: File): Promise<R>;
  remove(id: number): Promise<R>;
}

/**
 * A record a dialog saves, and the one file it may carry (an announcement's image, a quick message's file): the file
 * goes to its own route once the record is saved. `record` becomes the saved record, so a failed upload is retried
 * on it, not on a second one; `fileError` says why a file was refused.
 */
export function useAttachment<R extends { id: number }>(editing: R | undefined, api: AttachmentApi<R>, onSaved: (record: R) => void) {
  const [record, setRecord] = useState(editing);
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [removing, setRemoving] = useState(false);

  /** After the record is saved: sends the chosen file, if any. False when it was refused (the dialog stays open). */
  const attach = async (saved: R, refusal: (error: unknown) => string): Promise<boolean> => {
    setRecord(saved);
    onSaved(saved);
    if (!file) return true;
    try {
      const withFile = await api.upload(saved.id, file);
      setRecord(withFile);
      setFile(undefined);
      onSaved(withFile);
      return true;
    } catch (error) {
      setFileError(refusal(error));
      toastError(error);
      return false;
    }
  };

  /** Removes the file the saved record has, saying `done` when it is gone. */
  const removeFile = async (done: string) => {
    if (!record) return;
    setRemoving(true);
    try {
      const saved = await api.remove(record.id);
      setRecord(saved);
      onSaved(saved);
      toastSuccess(done);
    } catch (error) {
      toastError(error);
    } finally {
      setRemoving(false);
    }
  };

  return { record, file, setFile, fileError, setFileError, removing, attach, removeFile };
}
