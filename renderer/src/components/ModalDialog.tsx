import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ModalDialogProps {
  /** The id of the dialog's heading (its accessible name). */
  titleId: string;
  className?: string;
  /** Esc or the browser's cancel: called unless `busy` (work under way keeps the dialog). */
  onDismiss: () => void;
  busy?: boolean;
  /** Keys of the dialog's own, after Esc was kept from the inbox behind it. */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

/**
 * A modal `<dialog>` opened on mount. Esc belongs to the dialog (its cancel), never to the
 * inbox's keys behind it.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { titleId, className = 'bulk-dialog', onDismiss, busy = false, children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation();
        props.onKeyDown?.(e);
      }}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onDismiss();
      }}
    >
      {children}
    </dialog>
  );
}
