// Entry: providers around the history-mode router (base '/').
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootErrorBoundary } from '../components/error-boundary';
import { reportUncaughtErrors } from '../lib/client-errors';
import { restoreLanguage } from '../lib/i18n/language-switch';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import './global.css';

// Address changes render at once, not as transitions: a tab or menu click shows its page in one pass (in slices the
// same work took longer, interleaved with everything else); a dialog's history entry asks for a transition itself.
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RootErrorBoundary>
        <BrowserRouter useTransitions={false}>
          <AppProviders>
            <AppRoutes />
          </AppProviders>
        </BrowserRouter>
      </RootErrorBoundary>
    </StrictMode>,
  );

// Errors of event handlers and rejected promises reach the gateway's client-error log as crashes of views do.
reportUncaughtErrors();

// A stored non-default language is loaded before the first paint (no flash of Chinese); zh-CN renders at once.
restoreLanguage()
  .catch((error: unknown) => console.warn('[i18n] stored language not restored', error))
  .finally(render);
