import { useLingui } from '@lingui/react/macro';
import {
  ACCOUNT_PATTERN,
  CODE_PATTERN,
  INVITE_CODE_PATTERN,
  isEmail,
  isStrongEnoughPassword,
} from '../../../contract/rules';

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
