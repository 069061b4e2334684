import 'express-session';

/** What a signed-in session holds, server-side only (the cookie carries just the session id). */
declare module 'express-session' {
  interface SessionData {
    /** The identity provider's subject: the user id everywhere. */
    userId: string;
    email: string | null;
    /** Epoch ms of sign-in, for the absolute timeout. */
    createdAt: number;
    /** Kept for the provider's sign-out (id_token_hint). */
    idToken?: string;
    /** Epoch ms the cookie's idle expiry was last moved forward (renewIdleCookie). */
    cookieRenewedAt?: number;
    /** Same-origin path to land on after sign-in (set by /api/login). */
    returnTo?: string;
  }
}

export {};
