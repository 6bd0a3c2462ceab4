import { useLingui } from '@lingui/react/macro';
import { useId, useRef, type ReactNode } from 'react';
import { BusyButton } from './busy-button';

interface Props {
  /** The button's words, e.g. "Disable". */
  children: ReactNode;
  /** What the confirmation asks, naming what is about to change. */
  question: string;
  busy: boolean;
  disabled?: boolean;
  className?: string;
  /** A check before asking: false keeps the dialog shut (the page shows why). */
  ready?: () => boolean;
  onConfirm: () => void;
}

/**
 * A button for something hard to undo: it asks first, in a modal dialog whose "Confirm" runs the
 * change and whose "Cancel" (or Escape) leaves everything as it was.
 */
export function ConfirmButton({ children, question, busy, disabled, className, ready, onConfirm }: Props) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  return (
    <>
      <BusyButton
        className={className}
        busy={busy}
        disabled={disabled}
        onClick={() => {
          if (!ready || ready()) dialog.current?.showModal();
        }}
      >
        {children}
      </BusyButton>
      <dialog ref={dialog} className="confirm" aria-labelledby={questionId}>
        <p id={questionId} className="confirm-question">
          {question}
        </p>
        <div className="confirm-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {t`Confirm`}
          </button>
        </div>
      </dialog>
    </>
  );
}
