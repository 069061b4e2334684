import { errorDescription, isMaintenanceError, isUnauthorizedError } from './api-client';
import { goToSignIn } from './navigation';
import { TIMINGS } from './timings';
import { toast } from './toast';

export interface GlobalErrorHooks {
  /** The server says maintenance mode is on: the gate should look again. */
  onMaintenance(): void;
}

/**
 * The one place every failed call passes through (the query client calls it for all queries and
 * mutations). A lost session (spec §8: a 401 Unauthorized message) shows 'Unauthorized' and goes
 * back through sign-in after 0.5 s, returning to the page the user was on.
 */
export function handleGlobalError(error: unknown, hooks: GlobalErrorHooks, errorTitle?: string): void {
  if (isUnauthorizedError(error)) {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const returnTo = window.location.pathname + window.location.search;
    setTimeout(() => goToSignIn(returnTo), TIMINGS.unauthorizedRedirect);
    return;
  }
  if (isMaintenanceError(error)) hooks.onMaintenance();
  if (errorTitle)
    toast({ title: errorTitle, description: errorDescription(error, 'Please try again.'), variant: 'destructive' });
}

/**
 * A feature's failure toast with the server's `error` text (or the fallback). Skipped for a lost
 * session, which the global handler already reports.
 */
export function toastFailure(title: string, error: unknown, fallback: string): void {
  if (isUnauthorizedError(error)) return;
  toast({ title, description: errorDescription(error, fallback), variant: 'destructive' });
}
