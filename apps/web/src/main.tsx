import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './ui/tokens.css';
import './ui/base.css';
import { router } from './app/router.tsx';
import { registerServiceWorker } from './lib/register-sw.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
