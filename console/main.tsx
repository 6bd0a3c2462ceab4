import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { resumeSession } from './api/session';
import { Console } from './console';
import { activateLocale, i18n } from './i18n/i18n';
import { hashHref, useHashLocation, useHashSearch } from '../web-kit/lib/hash-location';
import { languageAtom } from './state/language';
import { StateProvider, store } from './state/store';
import './styles/console.css';

// The session read and the catalog load side by side; neither waits for the other.
void resumeSession();
await activateLocale(store.get(languageAtom).locale);

const root = document.getElementById('root');
if (!root) throw new Error('console/index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <StateProvider store={store}>
      <I18nProvider i18n={i18n}>
        <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={hashHref}>
          <Console />
        </Router>
      </I18nProvider>
    </StateProvider>
  </StrictMode>,
);
