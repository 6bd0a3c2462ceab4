import type { SignInRecord } from '../../contract/responses';
import type { WireLanguage } from '../../contract/rules';
import { isoNow } from '../platform/domain';
import type { ServerContext } from '../platform/context';
import type { SignInMethod, SignInOutcome, SignInRow } from './sign-in-queries';
import type { UserRow } from '../customers/queries';
import { translate } from '../platform/i18n';
import { mailOwner } from './owner-notices';
import { describeDevice, deviceKey, networkPlace } from './devices';

/** How many sign-ins My → Security shows. */
export const SIGN_IN_HISTORY_LENGTH = 30;
/** How long sign-in records are kept. */
export const SIGN_IN_KEEP_DAYS = 180;

/** Where a sign-in comes from: what the session and the sign-in history record. */
export interface SignInClient {
  ip: string;
  userAgent: string;
  /** The random id the app keeps on the device, when it sent one. */
  deviceId: string | undefined;
  lang: WireLanguage;
}

/** "Chrome on Android", or a plain word when the header named neither. */
export function deviceName(lang: WireLanguage, userAgent: string): string {
  const { browser, os } = describeDevice(userAgent);
  if (browser && os) return translate(lang, 'device.browser_on_os', { browser, os });
  return browser || os || translate(lang, 'device.unknown');
}

function placeName(lang: WireLanguage, ip: string): string {
  const place = networkPlace(ip);
  return translate(lang, `place.${place.network}`, { range: place.range });
}

/**
 * Records a sign-in or a failed attempt on `user`'s account. A successful one from a device this
 * account has not signed in from before sends its owner an e-mail, after the answer (a slow mail
 * server must not hold up signing in); the device a customer registers on is theirs already. The
 * known devices are kept apart from the history and never swept, so an account that slept longer
 * than the history is kept still hears of a new one.
 */
export async function recordSignIn(
  context: ServerContext,
  user: UserRow,
  outcome: SignInOutcome,
  method: SignInMethod,
  client: SignInClient,
): Promise<void> {
  const { signIns } = context.queries;
  const device = deviceKey(client.deviceId, client.userAgent, client.ip);
  const at = isoNow(context);
  const isNew =
    outcome === 'success' && (await context.queries.knownDevices.record(user.id, device, at)) && method !== 'register';
  await signIns.insert({ user_id: user.id, at, outcome, method, ip: client.ip, user_agent: client.userAgent, device });
  if (!isNew) return;
  mailOwner(
    context,
    user,
    client.lang,
    'new_device',
    { device: deviceName(client.lang, client.userAgent), ip: client.ip, place: placeName(client.lang, client.ip) },
    user.anti_phishing,
  );
}

export function toSignInRecord(row: SignInRow): SignInRecord {
  return {
    at: row.at,
    outcome: row.outcome,
    method: row.method,
    ip: row.ip,
    ...describeDevice(row.user_agent),
    ...networkPlace(row.ip),
  };
}
