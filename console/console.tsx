import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Link, Route, Switch, useLocation } from 'wouter';
import type { ConsoleSession } from '../contract/console';
import { openLive } from './api/live';
import { signOut } from './api/session';
import { READ_DEFAULTS, useFourEyes, useQueue, useRevalidateQueue } from './api/reads';
import { REVIEW_KINDS } from './api/wire';
import { HallPage } from './pages/admin/hall';
import { OperatorsPage } from './pages/admin/operators';
import { SettingsPage } from './pages/admin/settings/settings';
import { AuditPage } from './pages/audit';
import { DepositsPage } from './pages/deposits';
import { ChangePasswordPage } from './pages/change-password';
import { EnrolPage } from './pages/enrol';
import { FourEyesBanner } from './ui/four-eyes-banner';
import { CustomerPage } from './pages/customers/customer';
import { CustomersPage } from './pages/customers/search';
import { useLabels } from './ui/labels';
import { LanguageMenu } from './state/language-menu';
import { NotFoundPage } from './pages/not-found';
import { QueuePage } from './pages/queue';
import { RechargeReviewPage } from './pages/review/recharge';
import { SaleReviewPage } from './pages/review/sale';
import { WithdrawReviewPage } from './pages/review/withdraw';
import { SignInPage } from './pages/sign-in';
import { SignOutButton } from './ui/sign-out-button';
import { liveStatusAtom, queueChangesAtom } from './state/live';
import { sessionStateAtom } from './state/session';
import { useAtomValue, useSetAtom } from './state/store';
import { Loading } from './ui/states';

/** The queue's live socket, open while signed in: the socket's life is this component's. */
function LiveQueue() {
  const revalidateQueue = useRevalidateQueue();
  const setStatus = useSetAtom(liveStatusAtom);
  const countChange = useSetAtom(queueChangesAtom);
  // The socket outlives renders; it calls whatever revalidation is current.
  const refresh = useRef(revalidateQueue);
  useEffect(() => {
    refresh.current = () => {
      revalidateQueue();
      countChange((changes) => changes + 1);
    };
  });
  useEffect(() => openLive({ onQueueChanged: () => refresh.current(), onStatus: setStatus }), [setStatus]);
  return null;
}

function NavLink({ href, active, children }: { href: string; active: boolean; children: ReactNode }) {
  return (
    <Link href={href} className="nav-link" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function Sidebar({ session }: { session: ConsoleSession }) {
  const { t } = useLingui();
  const labels = useLabels();
  const [location] = useLocation();
  const { data } = useQueue();
  const waiting = data ? REVIEW_KINDS.reduce((sum, kind) => sum + (data.counts[kind] ?? 0), 0) : null;
  const admin = session.operator.role === 'admin';
  const inQueue = location === '/' || location === '/queue' || location.startsWith('/review/');
  return (
    <header className="sidebar">
      <p className="brand">
        <Trans>Operators' console</Trans>
      </p>
      <nav aria-label={t`Main menu`}>
        <ul className="nav">
          <li>
            <NavLink href="/queue" active={inQueue}>
              <Trans>Queue</Trans>
              {waiting === null ? null : (
                <span className="count">
                  <span className="visually-hidden">, </span>
                  {t`${waiting} waiting`}
                </span>
              )}
            </NavLink>
          </li>
          <li>
            <NavLink href="/deposits" active={location === '/deposits'}>
              <Trans>Deposits</Trans>
            </NavLink>
          </li>
          <li>
            <NavLink href="/customers" active={location === '/customers' || location === '/customer'}>
              <Trans>Customers</Trans>
            </NavLink>
          </li>
          <li>
            <NavLink href="/audit" active={location === '/audit'}>
              <Trans>Audit log</Trans>
            </NavLink>
          </li>
          {admin ? (
            <li>
              <NavLink href="/hall" active={location === '/hall'}>
                <Trans>Hall</Trans>
              </NavLink>
            </li>
          ) : null}
          {admin ? (
            <li>
              <NavLink href="/settings" active={location === '/settings'}>
                <Trans>Settings</Trans>
              </NavLink>
            </li>
          ) : null}
          {admin ? (
            <li>
              <NavLink href="/operators" active={location === '/operators'}>
                <Trans>Operators</Trans>
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="operator">
        <p className="operator-who">
          <span className="visually-hidden">
            <Trans>Signed in as</Trans>{' '}
          </span>
          <span className="operator-name">{session.operator.name}</span>
          <span className="operator-role">{labels.role(session.operator.role)}</span>
        </p>
        <LanguageMenu />
        <SignOutButton signOut={signOut} />
      </div>
    </header>
  );
}

/** Moves focus to the new screen after a navigation, so a screen reader starts reading there. */
function useFocusOnNavigation() {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location]);
  return main;
}

function SignedIn({ session }: { session: ConsoleSession }) {
  const main = useFocusOnNavigation();
  const fourEyes = useFourEyes();
  return (
    <div className="layout">
      <LiveQueue />
      <Sidebar session={session} />
      <main className="content" id="main" ref={main} tabIndex={-1}>
        <FourEyesBanner status={fourEyes.data} />
        <Switch>
          <Route path="/" component={QueuePage} />
          <Route path="/queue" component={QueuePage} />
          <Route path="/review/recharge" component={RechargeReviewPage} />
          <Route path="/review/withdraw" component={WithdrawReviewPage} />
          <Route path="/review/sale" component={SaleReviewPage} />
          <Route path="/deposits" component={DepositsPage} />
          <Route path="/customers" component={CustomersPage} />
          <Route path="/customer" component={CustomerPage} />
          <Route path="/audit" component={AuditPage} />
          <Route path="/hall" component={HallPage} />
          <Route path="/settings" component={SettingsPage} />
          <Route path="/operators" component={OperatorsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </main>
    </div>
  );
}

/**
 * What the operator sees depends on the session: checking it, sign-in, the forced password
 * change, or the console; an enrolment link shows its own page whatever the session. Each session gets a fresh read cache, so nothing one operator loaded is
 * ever shown to the next on this browser.
 */
export function Console() {
  const { t } = useLingui();
  const state = useAtomValue(sessionStateAtom);
  const [location] = useLocation();
  // An enrolment link is for whoever holds it, signed in or not.
  if (location === '/enrol') return <EnrolPage />;
  if (state.status === 'checking') {
    return (
      <main className="auth" id="main">
        <Loading>{t`Checking your session…`}</Loading>
      </main>
    );
  }
  if (state.status === 'signed-out') return <SignInPage ended={state.ended} />;
  const { session } = state;
  if (session.operator.must_change_password) return <ChangePasswordPage operator={session.operator} />;
  return (
    <SWRConfig key={session.csrf} value={{ ...READ_DEFAULTS, provider: () => new Map() }}>
      <SignedIn session={session} />
    </SWRConfig>
  );
}
