import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { BankInfo } from '../../contract/responses';
import { formatDateTime } from '../../web-kit/lib/format';

/** Longest wait setTimeout takes (about 24.8 days); a longer hold is re-checked after it. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether a payout account is still in its hold; turns false by itself when the hold ends. */
export function useStillHeld(usableAt: string | undefined): boolean {
  const [held, setHeld] = useState(() => usableAt !== undefined && Date.parse(usableAt) > Date.now());
  useEffect(() => {
    if (usableAt === undefined) return undefined;
    const check = () => {
      const wait = Date.parse(usableAt) - Date.now();
      setHeld(wait > 0);
      if (wait > 0) timer = setTimeout(check, Math.min(wait, LONGEST_TIMER_MS));
    };
    let timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [usableAt]);
  return held;
}

/** When withdrawals to a binding may start; shown while `held` (see useStillHeld). */
export function HoldNotice({ binding, held }: { binding: BankInfo; held: boolean }) {
  const { i18n } = useLingui();
  if (!held) return null;
  const time = formatDateTime(binding.usable_at, i18n.locale);
  return (
    <p className="notice" role="note">
      <Trans>This account was bound recently. For your safety, withdrawals to it are possible from {time}.</Trans>
    </p>
  );
}
