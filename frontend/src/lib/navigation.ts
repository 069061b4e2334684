/**
 * Full-page navigations to the gateway's sign-in and sign-out endpoints. Kept behind one object so
 * tests can watch them (jsdom cannot leave the page).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export const SIGN_IN_PATH = '/api/login';
export const SIGN_OUT_PATH = '/api/logout';

export function goToSignIn(returnTo?: string): void {
  const safe = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : undefined;
  browser.assign(safe ? `${SIGN_IN_PATH}?returnTo=${encodeURIComponent(safe)}` : SIGN_IN_PATH);
}

export function goToSignOut(): void {
  browser.assign(SIGN_OUT_PATH);
}
