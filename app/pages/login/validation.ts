import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { ApiFailure } from '../../lib/failures';
import {
  ACCOUNT_PATTERN,
  CODE_PATTERN,
  INVITE_CODE_PATTERN,
  isEmail,
  isStrongEnoughPassword,
} from '../../../contract/rules';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The seed's validation messages for the sign-in forms, in the active language. */
export function useAuthRules() {
  const { t } = useLingui();
  return {
    account(value: string, strict: boolean): string | undefined {
      if (!value.trim()) return t`Please enter the account`;
      if (strict && !ACCOUNT_PATTERN.test(value.trim()))
        return t`The account must be 4–20 letters, digits or underscores`;
      return undefined;
    },
    email(value: string): string | undefined {
      if (!value.trim()) return t`Please enter e-mail`;
      if (!isEmail(value.trim())) return t`E-mail format is wrong`;
      return undefined;
    },
    code(value: string): string | undefined {
      if (!value.trim()) return t`Please enter the e-mail code`;
      if (!CODE_PATTERN.test(value.trim())) return t`The e-mail code is 6 digits`;
      return undefined;
    },
    password(value: string, strict: boolean): string | undefined {
      if (!value) return t`Please enter the password`;
      if (strict && !isStrongEnoughPassword(value)) {
        return t`The password must be 8–64 characters with at least one letter and one digit`;
      }
      return undefined;
    },
    repassword(value: string, password: string): string | undefined {
      if (!value) return t`Please confirm the password`;
      if (value !== password) return t`The password is different from the confirm password`;
      return undefined;
    },
    inviteCode(value: string): string | undefined {
      if (!value.trim()) return t`The invitation code cannot be empty`;
      if (!INVITE_CODE_PATTERN.test(value.trim().toUpperCase())) return t`The invitation code is not valid`;
      return undefined;
    },
  };
}

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
 * A form's field errors. `focusRound` changes on every failed attempt, so the form can move focus
 * to the first invalid field again even when the same errors repeat.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [round, setRound] = useState(0);

  const show = useCallback((found: FieldErrors<F>) => {
    setErrors(found);
    setRound((value) => value + 1);
  }, []);

  const showOne = useCallback((field: F, message: string | undefined) => {
    if (message) {
      setErrors((current) => ({ ...current, [field]: message }));
      setRound((value) => value + 1);
    } else {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[field];
        return rest;
      });
    }
    return !message;
  }, []);

  /** Puts the server's message under the field it names, when the form has that field. */
  const showFailure = useCallback(
    (error: unknown) => {
      const field = error instanceof ApiFailure ? error.field : undefined;
      if (error instanceof ApiFailure && field && (fields as readonly string[]).includes(field)) {
        show({ [field]: error.envelope.msg } as FieldErrors<F>);
      }
    },
    [fields, show],
  );

  return { errors, focusRound: hasErrors(errors) ? round : 0, show, showOne, showFailure };
}
