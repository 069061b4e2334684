import { lazy } from 'react';

/** The admin console, in its own chunk: only the super administrator ever downloads it. */
export const AdminConsole = lazy(() => import('./components/AdminConsole'));
