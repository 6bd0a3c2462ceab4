import { useLingui } from '@lingui/react/macro';
import type { SendCodeScene } from '../../../contract/rules';
import { sendEmailCode } from '../../api/auth';
import { ServerRefusal } from '../../../web-kit/lib/failures';
import { useCountdown } from '../../lib/use-countdown';
import { showToast } from '../../state/toast';
import { useGuard } from '../../ui/guarded-button';

/**
 * Mails a code to the address the form holds, then counts down the server's `retry_after`
 * (also after a 429, which carries the wait).
 */
export function SendCodeButton({
  email,
  scene,
  validate,
}: {
  email: string;
  scene: SendCodeScene;
  /** Returns false (and shows why) when the address is not ready. */
  validate: () => boolean;
}) {
  const { t } = useLingui();
  const [remaining, startCountdown] = useCountdown();
  const [busy, run] = useGuard();

  const send = () =>
    run(async () => {
      if (!validate()) return;
      try {
        startCountdown(await sendEmailCode(email.trim(), scene));
        showToast(t`Email code sent`);
      } catch (error) {
        const wait = error instanceof ServerRefusal ? (error.data as { retry_after?: unknown }).retry_after : undefined;
        if (typeof wait === 'number') startCountdown(wait);
      }
    });

  return (
    <button type="button" className="button secondary" disabled={busy || remaining > 0} onClick={() => void send()}>
      {remaining > 0 ? t`Resend in ${remaining} s` : t`Send code`}
    </button>
  );
}
