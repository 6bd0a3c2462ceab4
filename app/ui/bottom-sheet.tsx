import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A popup from the bottom of the screen, as a modal <dialog>: the browser keeps focus inside it
 * and makes the page behind it inert. It opens on the checked option if there is one, closes on
 * Escape or a tap outside, and gives focus back to what opened it.
 */
export function BottomSheet({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    element.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click is the tap on the backdrop; its keyboard twin is Escape (onCancel)
    <dialog
      ref={dialog}
      className="sheet"
      aria-labelledby={titleId}
      data-testid={testId}
      data-no-snapshot
      onCancel={(event) => {
        // Escape: the page decides when the sheet goes, so it closes through onClose.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog itself is only hit outside its content, on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="sheet-content">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </dialog>
  );
}
