import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { setSignOutHandler } from './api/client';
import { clearSignedOutDevice, endSession, resumeSession } from './api/session';
import { activateLocale, i18n, loadPageMessages } from './i18n/i18n';
import { currentPath, hashHref, useHashLocation, useHashSearch } from '../web-kit/lib/hash-location';
import { FieldErrorsAnnounced } from '../web-kit/ui/field';
import { whenIdle } from './lib/idle';
import { findRoute } from './routes';
import { Shell } from './shell';
import { listenForInstallPrompt } from './state/install';
import { activeLanguageAtom } from './state/language';
import { sessionAtom } from './state/session';
import { StateProvider, store } from './state/store';
import './styles/base.css';

setSignOutHandler(endSession);
listenForInstallPrompt();
const session = store.get(sessionAtom);
if (session) resumeSession(session.token);
else clearSignedOutDevice();
// The first screen's code, its strings and its first read all start now, side by side, instead
// of one after another.
const firstRoute = findRoute(currentPath());
const locale = store.get(activeLanguageAtom).locale;
void firstRoute?.page();
if (firstRoute && !firstRoute.public && session) {
  void loadPageMessages(locale);
  void firstRoute.prefetch?.();
}
await activateLocale(locale);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <StateProvider store={store}>
      <I18nProvider i18n={i18n}>
        <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
          <FieldErrorsAnnounced value={true}>
            <Shell />
          </FieldErrorsAnnounced>
        </Router>
      </I18nProvider>
    </StateProvider>
  </StrictMode>,
);

// Once the first screen is up and the page is idle, so the worker never delays it.
if (import.meta.env.PROD) {
  whenIdle(() => void import('./api/worker').then((worker) => worker.registerWorker()));
}
// Push notices: the badge clears when the app is opened, the notices follow the customer's choices.
whenIdle(() => void import('./api/push').then((push) => push.watchNotices()));
