import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { setSignOutHandler } from './api/client';
import { endSession } from './api/session';
import { activateLocale, i18n } from './i18n/i18n';
import { hashHref, useHashLocation, useHashSearch } from './lib/hash-location';
import { Shell } from './shell';
import { listenForInstallPrompt } from './state/install';
import { activeLanguageAtom } from './state/language';
import { StateProvider, store } from './state/store';
import './styles/base.css';

setSignOutHandler(endSession);
listenForInstallPrompt();
await activateLocale(store.get(activeLanguageAtom).locale);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <StateProvider store={store}>
      <I18nProvider i18n={i18n}>
        <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
          <Shell />
        </Router>
      </I18nProvider>
    </StateProvider>
  </StrictMode>,
);

// After the first render, so the worker never delays the first screen.
if (import.meta.env.PROD) void import('./api/worker').then((worker) => worker.registerWorker());
