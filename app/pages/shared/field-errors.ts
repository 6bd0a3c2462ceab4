import { useCallback, useState } from 'react';
import { ServerRefusal } from '../../../web-kit/lib/failures';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Drops empty entries; the form is valid when nothing is left. */
export function collectErrors<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(errors) as [F, string | undefined][]) {
    if (message) found[field] = message;
  }
  return found;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * Every form's field errors, from its own checks and from the server. `focusRound` changes on
 * every failed attempt, so the form moves focus to the first invalid field again even when the
 * same errors repeat (pass it to `Form`).
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [round, setRound] = useState(0);

  /** Replaces every error with `found` (nothing found clears them all). */
  const show = useCallback((found: FieldErrors<F>) => {
    setErrors(found);
    setRound((value) => value + 1);
  }, []);

  /**
   * Sets or clears one field's error and leaves the others; true when the field is fine. `focus`
   * false leaves focus where it is (a picker's own error, said while the customer is on it).
   */
  const showOne = useCallback((field: F, message: string | undefined, focus = true) => {
    if (message) {
      setErrors((current) => ({ ...current, [field]: message }));
      if (focus) setRound((value) => value + 1);
    } else {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[field];
        return rest;
      });
    }
    return !message;
  }, []);

  /**
   * Puts the server's message under the field it names, when the form has that field; true when
   * it did. Any other failure was already said in a toast by the API client.
   */
  const showFailure = useCallback(
    (error: unknown): boolean => {
      const field = error instanceof ServerRefusal ? error.field : undefined;
      if (error instanceof ServerRefusal && field && (fields as readonly string[]).includes(field)) {
        show({ [field]: error.message } as FieldErrors<F>);
        return true;
      }
      return false;
    },
    [fields, show],
  );

  return { errors, focusRound: hasErrors(errors) ? round : 0, show, showOne, showFailure };
}
