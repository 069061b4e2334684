/** Where sign-in lands when no (acceptable) return path was given. */
export const DEFAULT_RETURN_PATH = '/';

const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * A return path after sign-in, accepted only when it stays on this site: it must start with a
 * single `/` (no `//host` or `/\host`, which browsers treat as another origin), carry no scheme,
 * no control characters, and not lead back into the sign-in routes. Anything else gives `/`.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_RETURN_PATH_LENGTH) {
    return DEFAULT_RETURN_PATH;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return DEFAULT_RETURN_PATH;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return DEFAULT_RETURN_PATH;
  let resolved: URL;
  try {
    // Resolving against a placeholder origin catches anything the parser would send elsewhere.
    resolved = new URL(candidate, 'http://return.invalid');
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (resolved.origin !== 'http://return.invalid') return DEFAULT_RETURN_PATH;
  if (/^\/api\/(login|callback|logout)(\/|$)/.test(resolved.pathname)) return DEFAULT_RETURN_PATH;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
