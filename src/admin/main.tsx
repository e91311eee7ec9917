import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp';

// The operations console (admin.html, served for /admin/*): rendered in the browser only — staff
// pages are behind a sign-in, so nothing of it is prerendered.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from admin.html');
const root = createRoot(container);
startTransition(() => root.render(<ConsoleApp />));
