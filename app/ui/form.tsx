import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * A form that never reloads the page, and that moves focus to the first field marked invalid
 * after a failed submission, so the message is read out where the problem is.
 */
export function Form({
  onSubmit,
  focusRound,
  children,
}: {
  onSubmit: () => void;
  /** Changes on every failed attempt (0 while nothing is invalid): see `useFieldErrors`. */
  focusRound: number;
  children: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusRound > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRound]);
  return (
    <form
      ref={form}
      className="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
