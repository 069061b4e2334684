// Signs in through the gateway and the dev identity provider's real form, as a browser would,
// and returns the session cookie (`name=value`) for load requests.
const SESSION_COOKIE = 'originality.sid';

/** Cookies per host, enough to carry the OIDC round trip (state cookies at the gateway, interaction at the IdP). */
class CookieJar {
  jars = new Map();
  header(url) {
    const jar = this.jars.get(url.host);
    return jar?.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  remember(url, res) {
    const jar = this.jars.get(url.host) ?? new Map();
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    this.jars.set(url.host, jar);
  }
  get(url, name) {
    return this.jars.get(url.host)?.get(name);
  }
}

async function request(jar, href, init = {}) {
  const url = new URL(href);
  const headers = { ...(init.headers ?? {}) };
  const cookie = jar.header(url);
  if (cookie) headers.cookie = cookie;
  const res = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  jar.remember(url, res);
  return res;
}

/** Follows `/api/login` through the IdP, answering its form with `email`; returns the session cookie. */
export async function signIn(publicUrl, email, name = 'Load Test') {
  const jar = new CookieJar();
  const app = new URL(publicUrl);
  let res = await request(jar, new URL('/api/login', app).href);
  for (let hop = 0; hop < 15; hop++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, res.url || app);
      if (next.origin === app.origin && !next.pathname.startsWith('/api/')) {
        const sid = jar.get(app, SESSION_COOKIE);
        if (!sid) throw new Error('Signed in, but the gateway set no session cookie');
        return `${SESSION_COOKIE}=${sid}`;
      }
      res = await request(jar, next.href);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`Sign-in stopped at ${res.url} (${res.status})`);
    res = await request(jar, new URL(action, res.url).href, {
      method: 'POST',
      body: new URLSearchParams({ email, name }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  throw new Error('Too many redirects while signing in');
}
