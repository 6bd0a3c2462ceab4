import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import {
  isAppleMobile,
  noticeSupport,
  noticesOn,
  turnNoticesOff,
  turnNoticesOn,
  type NoticeSupport,
} from '../../api/push';
import { callKey, useCall } from '../../api/swr';
import { installOptionAtom } from '../../state/install';
import { amountsHiddenAtom } from '../../state/privacy';
import { useAtomValue } from '../../state/store';
import { useGuard } from '../../ui/guarded-button';
import { Menu } from '../../ui/menu';
import { ErrorState } from '../../ui/states';
import { InstallEntry } from './install-entry';

/** What the switch shows: unknown until the browser has said whether this device is subscribed. */
type Switched = 'unknown' | 'on' | 'off';
/** Why notices are not on: the customer blocked them, or the browser could not subscribe. */
type Problem = 'denied' | 'failed' | null;

function permissionNow(support: NoticeSupport): NotificationPermission {
  return support === 'supported' ? Notification.permission : 'default';
}

/**
 * My → Notifications: one switch for this device's notices of order outcomes. The browser asks
 * for the permission only when the customer turns it on. iPhone and iPad have notices only in
 * the app added to the Home Screen, so there the page says so and offers the install help.
 */
export default function NotificationsPage() {
  const { t } = useLingui();
  const [support] = useState(noticeSupport);
  const [switched, setSwitched] = useState<Switched>(support === 'supported' ? 'unknown' : 'off');
  const [problem, setProblem] = useState<Problem>(() => (permissionNow(support) === 'denied' ? 'denied' : null));
  const [busy, run] = useGuard();
  const amountsHidden = useAtomValue(amountsHiddenAtom);
  const installOption = useAtomValue(installOptionAtom);
  // Fetched before the tap, so that subscribing follows the permission with nothing in between.
  const {
    data: key,
    error: keyError,
    mutate: retryKey,
  } = useCall(support === 'supported' ? callKey('push/key', {}) : null);

  useEffect(() => {
    if (support !== 'supported') return;
    let current = true;
    void noticesOn().then((on) => {
      if (current) setSwitched(on ? 'on' : 'off');
    });
    return () => {
      current = false;
    };
  }, [support]);

  const usable = support === 'supported' && switched !== 'unknown' && problem !== 'denied' && key !== undefined;
  const toggle = () =>
    run(async () => {
      if (switched === 'on') {
        await turnNoticesOff();
        setSwitched('off');
        return;
      }
      if (!key) return;
      setProblem(null);
      const result = await turnNoticesOn(key.public_key);
      if (result === 'on') setSwitched('on');
      else if (result === 'denied' || result === 'failed') setProblem(result);
    });

  return (
    <>
      <section className="card switch-card">
        <div className="switch-row">
          <span className="label" id="notices-label">
            <Trans>Order notifications</Trans>
          </span>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={switched === 'on'}
            aria-labelledby="notices-label"
            aria-describedby="notices-what"
            aria-busy={busy || undefined}
            disabled={!usable || busy}
            data-testid="notices-switch"
            onClick={() => void toggle()}
          >
            <span className="switch-knob" />
          </button>
        </div>
        <p className="muted small" id="notices-what">
          <Trans>
            A notification on this device when a sale, recharge or withdrawal is decided, or an interest deposit ends.
          </Trans>
        </p>
      </section>

      {keyError && !key ? <ErrorState onRetry={() => void retryKey()} /> : null}
      {support === 'unsupported' ? (
        <p className="notice" role="status">
          <Trans>This browser cannot show notifications from the wallet.</Trans>
        </p>
      ) : null}
      {support === 'home-screen' ? (
        <p className="notice" role="status">
          <Trans>
            On iPhone and iPad, notifications work only in the wallet added to the Home Screen, on iOS 16.4 or later.
            Add it, open it from the Home Screen, then turn notifications on there.
          </Trans>
        </p>
      ) : null}
      {support === 'home-screen' && installOption ? (
        <Menu label={t`Install`}>
          <InstallEntry />
        </Menu>
      ) : null}
      {problem === 'denied' ? (
        <p className="notice" role="alert">
          <Trans>
            Notifications are blocked for the wallet. Allow them in your browser’s site settings (on iPhone: Settings →
            Notifications → the wallet), then come back here.
          </Trans>
        </p>
      ) : null}
      {problem === 'failed' ? (
        <p className="notice" role="alert">
          <Trans>Notifications could not be turned on on this device. Check your connection and try again.</Trans>
        </p>
      ) : null}

      <section className="card" aria-labelledby="notices-about">
        <h2 id="notices-about">
          <Trans>Good to know</Trans>
        </h2>
        <ul className="plain-list muted small">
          <li>
            <Trans>Notifications are for this device and this sign-in: signing out turns them off.</Trans>
          </li>
          <li>
            {amountsHidden ? (
              <Trans>Amounts are hidden, so notifications leave them out.</Trans>
            ) : (
              <Trans>Notifications show amounts. Hide amounts (the eye on My) to leave them out.</Trans>
            )}
          </li>
          {support !== 'home-screen' && isAppleMobile() ? (
            <li>
              <Trans>On iPhone and iPad, notifications need iOS 16.4 or later.</Trans>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}
