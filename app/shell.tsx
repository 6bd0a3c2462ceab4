import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Suspense, lazy, useEffect, useLayoutEffect, useMemo, useState, type ComponentType } from 'react';
import { activateLocale, loadPageMessages } from './i18n/i18n';
import { LANGUAGES } from '../contract/languages';
import { goBack, navigate, useHashLocation } from '../web-kit/lib/hash-location';
import { appConfig } from './lib/config';
import { PATHS } from './lib/paths';
import { TABS, findRoute, type RouteDef } from './routes';
import { activeLanguageAtom, languageChoiceAtom } from './state/language';
import { networkTipAtom } from './state/network';
import { sessionAtom } from './state/session';
import { useAtom, useAtomValue, useSetAtom } from './state/store';
import { themeAtom, unknownStoredTheme } from './state/theme';
import { showToast, toastsAtom, type ToastItem } from './state/toast';
import { amountsHiddenAtom } from './state/privacy';
import { releaseHomeSnapshot } from './state/home-snapshot';
import { languageSheetOpenAtom, updateAvailableAtom } from './state/ui';
import { ChunkErrorBoundary } from './ui/chunk-error-boundary';
import { NoNetworkTip, noNetworkTipText } from './ui/no-network-tip';
// Opened on demand, so loaded on demand: the first screen does not wait for them.
const LanguageSheet = lazy(() => import('./ui/language-sheet').then((module) => ({ default: module.LanguageSheet })));
const UpdatePrompt = lazy(() => import('./ui/update-prompt').then((module) => ({ default: module.UpdatePrompt })));
import { AmountsHiddenContext } from './ui/money';
import { NavBar } from './ui/nav-bar';
import { DelayedSpinner } from './ui/states';
import { TabBar } from './ui/tab-bar';
import { ToastLayer } from './ui/toast';
import { whenIdle } from './lib/idle';
import { retryImport } from './lib/retry-import';

const PAGE_LOAD_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const lazyPages = new Map<string, ComponentType>();

/** One lazy component per route and attempt; a retry after a failed load makes a fresh one. */
function pageFor(route: RouteDef, attempt: number): ComponentType {
  const load = attempt === 0 ? route.page : () => retryImport(route.page, attempt);
  const cacheKey = `${route.path}#${attempt}`;
  let page = lazyPages.get(cacheKey);
  if (!page) {
    page = lazy(() =>
      withTimeout(
        route.public ? load() : Promise.all([load(), loadPageMessages()]).then(([module]) => module),
        PAGE_LOAD_TIMEOUT_MS,
      ),
    );
    lazyPages.set(cacheKey, page);
  }
  return page;
}

function useToastText(item: ToastItem | undefined): string | undefined {
  const { t } = useLinguiMacro();
  if (!item) return undefined;
  if (item.text !== undefined) return item.text;
  switch (item.message) {
    case 'network-error':
      return t`No network connection. Please try again.`;
    case 'offline-action':
      return t`You are offline. This needs the network; please try again when you are back online.`;
    case 'theme-switched':
      return t`Theme switched`;
    case 'recharge-success':
      return t`Your recharge was approved and credited to your balance.`;
    case 'recharge-failure':
      return t`Your recharge was rejected. Contact customer service if you have questions.`;
    case 'deposit-credited':
      return t`Your deposit was credited to your balance.`;
    case 'withdraw-success':
      return t`Your withdrawal was paid out.`;
    case 'withdraw-failure':
      return t`Your withdrawal was rejected; the amount is back in your balance.`;
    case 'sale-completion':
      return t`Your sale was completed.`;
    case 'sale-reject':
      return t`Your sale was rejected; the USDT is back in your balance.`;
    case 'interest-paid':
      return t`An interest wallet term ended: principal and interest are in your balance.`;
    case 'unknown-theme':
      return t`Unknown theme "${item.detail ?? ''}". The current theme stays.`;
    default:
      return undefined;
  }
}

function Toasts() {
  const items = useAtomValue(toastsAtom);
  const toast = useToastText(items.find((item) => item.kind === 'toast'));
  const notify = useToastText(items.find((item) => item.kind === 'notify'));
  return <ToastLayer toast={toast} notify={notify} />;
}

/** Offline, or figures from the worker's cache: say so, and say how old the figures are. */
function NetworkTip() {
  const { i18n } = useLingui();
  const tip = useAtomValue(networkTipAtom);
  return tip ? <NoNetworkTip text={noNetworkTipText(i18n, tip.cachedAt)} /> : null;
}

function Update() {
  const [available, setAvailable] = useAtom(updateAvailableAtom);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt
        onAccept={() => void import('./api/worker').then((worker) => worker.acceptUpdate())}
        onLater={() => setAvailable(false)}
      />
    </Suspense>
  );
}

function Languages() {
  const [open, setOpen] = useAtom(languageSheetOpenAtom);
  const [choice, setChoice] = useAtom(languageChoiceAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LanguageSheet
        languages={LANGUAGES}
        choice={choice}
        onChoose={(next) => {
          setChoice(next);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}

/** While someone is signed in, a live connection tells the app what the operator did. */
function useLiveUpdates(token: string | undefined): void {
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    whenIdle(
      () =>
        void import('./api/live').then((live) => {
          if (!cancelled) stop = live.startLive(token);
        }),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token]);
}

/** Keeps <html data-theme> and the active catalog in step with the stored choices. */
function useDocumentSettings(): void {
  const theme = useAtomValue(themeAtom);
  const language = useAtomValue(activeLanguageAtom);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    void activateLocale(language.locale);
  }, [language.locale]);
  useEffect(() => {
    if (unknownStoredTheme === null) return;
    console.warn(`unknown theme ${JSON.stringify(unknownStoredTheme)} in storage; using subject1`);
    showToast({ message: 'unknown-theme', detail: unknownStoredTheme });
  }, []);
}

export function Shell() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [path] = useHashLocation();
  const session = useAtomValue(sessionAtom);
  const closeLanguages = useSetAtom(languageSheetOpenAtom);
  const amountsHidden = useAtomValue(amountsHiddenAtom);
  const [attempt, setAttempt] = useState(0);
  useDocumentSettings();
  useLiveUpdates(session?.token);

  const route = findRoute(path);
  const blocked = !session && !route?.public;

  // The painted copy of Home stays only while Home itself is on its way (the page lets it go).
  useLayoutEffect(() => {
    if (route?.tab !== 'home' || blocked) releaseHomeSnapshot();
  }, [route, blocked]);

  useEffect(() => {
    if (!route) navigate('/', { replace: true });
    else if (blocked) navigate(PATHS.login, { replace: true });
  }, [route, blocked]);

  useEffect(() => {
    closeLanguages(false);
  }, [path, closeLanguages]);

  const title = route ? i18n._(route.title) : '';
  useEffect(() => {
    // Soft hyphens let long German words break on narrow tiles; a title never needs them.
    document.title = (title ? `${title} · ${appConfig.appName}` : appConfig.appName).replaceAll('\u00ad', '');
  }, [title]);

  const Page = useMemo(() => (route ? pageFor(route, attempt) : null), [route, attempt]);
  const tabs = useMemo(
    () =>
      TABS.map((tab) => ({
        href: tab.path,
        label: i18n._(tab.label),
        icon: tab.icon,
        current: route?.tab === tab.id,
      })),
    [i18n, route],
  );

  if (!route || blocked || !Page) return null;

  return (
    <AmountsHiddenContext.Provider value={amountsHidden}>
      <div className={`app${route.tab ? ' has-tabs' : ''}`}>
        <Update />
        <NetworkTip />
        {route.bare ? null : <NavBar title={title} onBack={goBack} />}
        <main className="page" id="main">
          {route.bare ? <h1 className="visually-hidden">{title}</h1> : null}
          {/* A new page for another account, in this tab or when another tab switches it: a read
              that keeps its previous data while it loads must never keep another account's. */}
          <ChunkErrorBoundary
            key={`${route.path}#${attempt}#${session?.id ?? ''}`}
            onRetry={() => setAttempt((value) => value + 1)}
          >
            <Suspense fallback={<DelayedSpinner label={t`Loading`} />}>
              {/* eslint-disable-next-line react-hooks/static-components -- pageFor caches one lazy component per route and attempt, so its identity is stable across renders */}
              <Page />
            </Suspense>
          </ChunkErrorBoundary>
        </main>
        {route.tab ? <TabBar tabs={tabs} label={t`Main`} /> : null}
        <Toasts />
        <Languages />
      </div>
    </AmountsHiddenContext.Provider>
  );
}
