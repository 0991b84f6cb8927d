import { useEffect, useState } from 'react';
import { toastError } from './toaster';

/**
 * The record a dialog edits, read once per opening (GET …/{id}; live updates do not reload the form): undefined until
 * it is read, and while there is none to read; 'failed' once a read was refused (its refusal toasted, then `onFailure`).
 */
export function useOpenedRecord<R>(id: number | undefined, read: (id: number) => Promise<R>, { open = true, onFailure }: { open?: boolean; onFailure?(): void } = {}): R | 'failed' | undefined {
  const [record, setRecord] = useState<R | 'failed'>();
  useEffect(() => {
    if (!open || id === undefined) return;
    let live = true;
    read(id).then(
      (found) => live && setRecord(found),
      (error: unknown) => {
        toastError(error);
        if (!live) return;
        setRecord('failed');
        onFailure?.();
      },
    );
    return () => {
      live = false;
    };
  }, [open, id]);
  return record;
}
