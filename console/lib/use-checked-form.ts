import { useRef, useState, type FormEvent } from 'react';
import { ServerRefusal } from '../../web-kit/lib/failures';

/** Spaces are how authenticator apps show the code ("123 456"); the server wants the digits. */
export const digitsOf = (code: string) => code.replace(/\s+/g, '');

/**
 * A form of the console's own screens (sign-in, password, enrolment): checked in the browser
 * first, the first wrong field focused; then one call, busy while in flight, its refusal shown
 * beside the form and the field it names focused (or `focusAfter`'s choice).
 */
export function useCheckedForm<F extends string>(fields: readonly F[]) {
  const inputs = useRef<Partial<Record<F, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const focus = (field: F | undefined) => {
    if (field) inputs.current[field]?.focus();
  };

  const submit = async (
    event: FormEvent,
    check: () => Partial<Record<F, string>>,
    act: () => Promise<unknown>,
    focusAfter: (error: unknown, named: F | undefined) => F | undefined = (_error, named) => named,
  ) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = fields.find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    setBusy(true);
    try {
      await act();
    } catch (error) {
      setFailure(error);
      const named = error instanceof ServerRefusal ? fields.find((known) => known === error.field) : undefined;
      focus(focusAfter(error, named));
    } finally {
      setBusy(false);
    }
  };

  /** The ref a field's input takes, so that the form can focus it. */
  const inputRef = (field: F) => (input: HTMLInputElement | null) => {
    inputs.current[field] = input;
  };

  return { errors, failure, busy, submit, inputRef };
}
