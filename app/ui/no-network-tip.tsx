import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDateTime } from '../../web-kit/lib/format';
import { Icon, offlineIcon } from './icons';

/** What the tip says: how old the figures on screen are, when they came from the cache. */
export function noNetworkTipText(i18n: I18n, cachedAt: string | null): string {
  if (!cachedAt) return i18n._(msg`No network. Actions that need the network are paused.`);
  const since = formatDateTime(cachedAt, i18n.locale);
  return i18n._(msg`No network. Showing balances from ${since}; actions that need the network are paused.`);
}

/** The bar under the top of the screen while the app is offline or showing cached figures. */
export function NoNetworkTip({ text }: { text: string }) {
  return (
    <div className="no-network-tip" role="status" data-testid="no-network-tip" data-no-snapshot>
      <Icon path={offlineIcon} />
      <span>{text}</span>
    </div>
  );
}
