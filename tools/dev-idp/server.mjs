#!/usr/bin/env node
// A real OpenID Connect provider (oidc-provider 9) for local development and tests: anyone signs in
// with an e-mail and a name, no password. The subject is derived from the e-mail, so a setting such
// as SUPER_ADMIN_SUBJECT=dev:admin@originality.local names a person before they ever sign in.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

const SCOPES = 'openid email profile';

/** `dev:` + the trimmed, lower-cased e-mail: the same person always gets the same subject. */
export const devSubjectFor = (email) => `dev:${String(email).trim().toLowerCase()}`;

/** The standard claims of a dev account; given/family name split at the first space. */
export function devClaims(subject, name) {
  const email = subject.replace(/^dev:/, '');
  const fullName = (name ?? '').trim() || email.split('@')[0];
  const space = fullName.indexOf(' ');
  return {
    sub: subject,
    email,
    email_verified: true,
    name: fullName,
    given_name: space < 0 ? fullName : fullName.slice(0, space),
    family_name: space < 0 ? undefined : fullName.slice(space + 1).trim() || undefined,
    preferred_username: email.split('@')[0],
  };
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(title, body) {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem}
.warning{background:#fff4ce;border:1px solid #e0b800;padding:.6rem;border-radius:4px}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1.2rem}</style></head>
<body>${body}</body></html>`;
}

function signInPage(uid, error) {
  return page(
    'Local development sign-in',
    `<h1>Local development sign-in — no password</h1>
<p class="warning">Local development sign-in — no password. Anyone can sign in as any e-mail address here; never use this provider outside development.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
  <label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus>
  <label for="name">Name</label><input id="name" name="name" type="text" placeholder="Ada Lovelace">
  <button type="submit">Sign in</button>
</form>`,
  );
}

/** The logout question, answered "yes" at once: the registered client asked for it. */
function autoConfirmLogoutPage(ctx, form) {
  ctx.body = page(
    'Signing out',
    `${form}<p>Signing you out…</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`,
  );
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 10_000) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/**
 * Starts the provider. `clients`: [{ client_id, client_secret, redirect_uris, post_logout_redirect_uris }].
 * Resolves to { issuer, port, close() }.
 */
export async function startDevIdp({ port = 3001, issuer = `http://localhost:${port}`, clients }) {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The dev identity provider refuses to run with NODE_ENV=production.');
  }
  /** Names people typed, by subject (the e-mail alone gives the rest). */
  const names = new Map();
  const registered = new Set(clients.map((c) => c.client_id));

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...c,
    })),
    pkce: { required: () => true },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    },
    // Put the profile claims into the ID token too, so a client needs no userinfo call.
    conformIdTokenClaims: false,
    cookies: { keys: ['dev-idp-cookie-key-not-secret'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: autoConfirmLogoutPage },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, subject) => ({
      accountId: subject,
      claims: () => devClaims(subject, names.get(subject)),
    }),
    // Consent is granted at once for the registered clients (openid email profile).
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!registered.has(ctx.oidc.client.clientId) || !ctx.oidc.session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  });
  // Quiet the provider's own "development only" warnings about defaults we chose on purpose.
  provider.on('server_error', (_ctx, err) => console.error(`[dev-idp] ${err.stack ?? err.message}`));
  const providerHandler = provider.callback();

  const interaction = async (req, res, uid, action) => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(signInPage(uid));
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim();
      if (!EMAIL.test(email)) {
        res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(signInPage(uid, 'Please enter a valid e-mail address.'));
      }
      const subject = devSubjectFor(email);
      const name = (form.get('name') ?? '').trim().slice(0, 200);
      if (name) names.set(subject, name);
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: subject } },
        { mergeWithLastSubmission: false },
      );
    }
    res.writeHead(405).end();
  };

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login))?\/?(?:\?.*)?$/.exec(req.url ?? '');
    if (!match) return providerHandler(req, res);
    interaction(req, res, match[1], match[2]).catch((err) => {
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Sign-in could not continue: ${err.message}. Start again from the application.`);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  const actualPort = server.address().port;
  return {
    issuer,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

const list = (value, fallback) =>
  (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Settings from the environment, with the defaults of the local stack. */
export function devIdpSettingsFromEnv(env = process.env) {
  const port = Number(env.DEV_IDP_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`DEV_IDP_PORT must be a port (got "${env.DEV_IDP_PORT}")`);
  return {
    port,
    issuer: env.DEV_IDP_ISSUER ?? `http://localhost:${port}`,
    clients: [
      {
        client_id: env.DEV_IDP_CLIENT_ID ?? 'originality-gateway',
        client_secret: env.DEV_IDP_CLIENT_SECRET ?? 'dev-secret',
        redirect_uris: list(env.DEV_IDP_REDIRECT_URIS, 'http://localhost:3000/api/callback'),
        post_logout_redirect_uris: list(env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS, 'http://localhost:3000/'),
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const idp = await startDevIdp(devIdpSettingsFromEnv());
    console.log(`Dev identity provider (no passwords, development only) at ${idp.issuer}`);
    const stop = () => idp.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    console.error(`dev-idp cannot start: ${err.message}`);
    process.exit(1);
  }
}
