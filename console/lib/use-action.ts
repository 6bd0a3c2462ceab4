import { useRef, useState } from 'react';
import { ServerRefusal } from '../../web-kit/lib/failures';

/**
 * One call a form or button makes: busy while in flight (pressing again does nothing), the
 * server's refusal of a field shown at that field (a 400 names it in `data.field`) and focused,
 * anything else beside the form.
 */
export function useAction<F extends string>(fields: readonly F[] = []) {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<{ field: F; message: string } | null>(null);

  const clear = () => {
    setFailure(null);
    setInvalid(null);
  };

  /** Runs `action`; true when it succeeded. */
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    if (busy) return false;
    clear();
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      const field = error instanceof ServerRefusal ? fields.find((known) => known === error.field) : undefined;
      if (field && error instanceof ServerRefusal) {
        setInvalid({ field, message: error.message });
        const input = form.current?.elements.namedItem(field);
        if (input instanceof HTMLElement) input.focus();
      } else setFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** A check of the page's own, shown at its field like the server's. */
  const refuse = (field: F, message: string) => {
    setInvalid({ field, message });
    const input = form.current?.elements.namedItem(field);
    if (input instanceof HTMLElement) input.focus();
  };

  const errorOf = (field: F) => (invalid?.field === field ? invalid.message : undefined);
  return { form, busy, failure, errorOf, run, refuse, clear };
}
