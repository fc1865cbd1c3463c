import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * A modal opens on its first field, not on its close button (the browser's own choice: the first control):
 * a person opened it to type.
 */
function showOnFirstField(dialog: HTMLDialogElement) {
  dialog.showModal();
  const fields = 'input:not([type="hidden"]), select, textarea';
  // After a refused post, the first field to correct.
  (
    dialog.querySelector<HTMLElement>('[aria-invalid="true"]') ?? dialog.querySelector<HTMLElement>(fields)
  )?.focus();
}

/** A native <dialog> as a modal: focus trap, Escape and backdrop come from the browser. */
export function useDialog(onClose: () => void, openOnMount: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = useCallback(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) showOnFirstField(dialog);
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The server opens the dialog without JavaScript (after a form post); make it a real modal now. One
    // that is modal already was opened by the click that brought the island to life (replayed once it
    // hydrated, before this effect ran): closing it again would fire 'close' a moment later, whose reset
    // would wipe what the person has typed since, such as the password.
    if ((openOnMount || dialog.open) && !dialog.matches(':modal')) {
      dialog.close();
      showOnFirstField(dialog);
    }
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, [onClose, openOnMount]);
  return useMemo(() => ({ ref, open, close }), [open, close]);
}
