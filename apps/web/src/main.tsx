import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './ui/tokens.css';
import './ui/base.css';
import { startAppRouter } from './app/router.tsx';
import { loadStoredLocale } from './lib/i18n.ts';
import { nextTask } from './lib/next-task.ts';
import { registerServiceWorker } from './lib/register-sw.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// Italian is built in; a German or English choice loads its catalog before the first render.
const localeLoaded = loadStoredLocale();

// The entry's evaluation, the router's start (it matches the path and starts the screen's chunks
// and loaders) and the first render each run in tasks of their own: together they are one long
// task on a phone, where taps and paints wait for the whole of it.
async function start(container: HTMLElement): Promise<void> {
  await nextTask();
  const [router] = await Promise.all([startAppRouter(), localeLoaded]);
  await nextTask();
  // As a transition: React yields to the browser every few milliseconds instead of holding the
  // main thread for the whole first screen.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void start(root);

if (import.meta.env.PROD) registerServiceWorker();
