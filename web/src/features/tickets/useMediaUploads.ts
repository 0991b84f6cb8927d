import { useCallback, useState } from 'react';
import { toastError, toastWarning } from '../../ui/toaster';
import { newIdempotencyKey } from './idempotencyKey';
import { mediaRefusal, type MediaDraft } from '../../ui/mediaFiles';

export interface PendingUpload {
  id: number;
  draft: MediaDraft;
  /** Kept for "Send again": if the first try did arrive, the server answers it instead of sending twice. */
  key: string;
  status: 'sending' | 'failed';
}

let lastId = 0;

/**
 * Files on their way: each shows as a pending bubble until the server took it (the message then comes through the
 * feed like any reply). A refused or failed one stays, with its files and caption, to send again or discard.
 */
export function useMediaUploads(sendMedia: (draft: MediaDraft, idempotencyKey: string) => Promise<unknown>) {
  const [pending, setPending] = useState<PendingUpload[]>([]);

  const run = useCallback(
    (upload: PendingUpload) => {
      sendMedia(upload.draft, upload.key).then(
        () => setPending((list) => list.filter((u) => u.id !== upload.id)),
        (error: unknown) => {
          const refusal = mediaRefusal(error);
          if (refusal) toastWarning(refusal);
          else toastError(error);
          setPending((list) => list.map((u) => (u.id === upload.id ? { ...u, status: 'failed' } : u)));
        },
      );
    },
    [sendMedia],
  );

  const send = useCallback(
    (draft: MediaDraft) => {
      const upload: PendingUpload = { id: ++lastId, draft, key: newIdempotencyKey(), status: 'sending' };
      setPending((list) => [...list, upload]);
      run(upload);
    },
    [run],
  );

  const retry = useCallback(
    (upload: PendingUpload) => {
      setPending((list) => list.map((u) => (u.id === upload.id ? { ...u, status: 'sending' } : u)));
      run(upload);
    },
    [run],
  );

  const discard = useCallback((upload: PendingUpload) => setPending((list) => list.filter((u) => u.id !== upload.id)), []);

  return { pending, send, retry, discard };
}
