import { useCallback, useEffect, useMemo, useRef } from 'react';

/** A native <dialog> as a modal: focus trap, Escape and backdrop come from the browser. */
export function useDialog(onClose: () => void, openOnMount: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = useCallback(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The server opens the dialog without JavaScript (after a form post); make it a real modal now.
    if (openOnMount || dialog.open) {
      dialog.close();
      dialog.showModal();
    }
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [onClose, openOnMount]);
  return useMemo(() => ({ ref, open, close }), [open, close]);
}
