/**
 * A minimal browser for tests: follows redirects by hand, keeps cookies per host, and can sign in
 * through the dev identity provider's real form. Nothing in product code exists for tests.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  constructor(private readonly appUrl: string) {}

  /** A cookie the app set (for checks such as a new session id after sign-in). */
  cookie(name: string): string | undefined {
    return this.cookies.get(new URL(this.appUrl).host)?.get(name);
  }

  private cookieHeader(url: URL): string | undefined {
    const jar = this.cookies.get(url.host);
    return jar && jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  private remember(url: URL, res: Response): void {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(url.host, jar);
  }

  /** One request, no redirect following. Same-origin fetch headers unless `headers` say otherwise. */
  async request(
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(path, this.appUrl);
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, { method: init.method ?? 'GET', body: init.body, headers, redirect: 'manual' });
    this.remember(url, res);
    return res;
  }

  /** A JSON call as the SPA makes it: same origin, JSON body. */
  json(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
  ): Promise<Response> {
    return this.request(path, {
      method,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    });
  }

  /** Follows redirects from `start`, answering the dev IdP's sign-in form with `email` and `name`. */
  async signIn(email: string, name = 'Test Person', start = '/api/login'): Promise<string> {
    let res = await this.request(start);
    for (let hop = 0; hop < 15; hop++) {
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, res.url);
        if (next.origin === new URL(this.appUrl).origin && !next.pathname.startsWith('/api/'))
          return next.pathname + next.search;
        res = await this.request(next.href);
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
      if (res.status !== 200 || !action)
        throw new Error(`Sign-in stopped at ${res.url} (${res.status}): ${html.slice(0, 300)}`);
      res = await this.request(new URL(action, res.url).href, {
        method: 'POST',
        body: new URLSearchParams({ email, name }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    throw new Error('Too many redirects while signing in');
  }
}
