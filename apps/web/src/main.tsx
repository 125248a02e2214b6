import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './ui/tokens.css';
import './ui/base.css';
import { router } from './app/router.tsx';
import { loadStoredLocale } from './lib/i18n.ts';
import { registerServiceWorker } from './lib/register-sw.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// Italian is built in; a German or English choice loads its catalog before the first render.
// Rendered as a transition: React yields to the browser every few milliseconds instead of holding
// the main thread for the whole first screen (a phone's taps and paints wait less).
void loadStoredLocale().then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
});

if (import.meta.env.PROD) registerServiceWorker();
