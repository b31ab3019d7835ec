// The example's development identity provider: a real OpenID Connect provider (the `oidc-provider` package) on a
// loopback port, with two people and the inbox as a public client (authorization code with PKCE). Its access tokens
// are JWTs for the gateway's audience, carrying the person's scopes, name and clients, as a company's issuer
// (Keycloak, Auth0, Entra …) would give them; docs/frontend.md ("Sign-in") says who the two people are.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { URLSearchParams } from 'node:url';
import Provider from 'oidc-provider';

/** The scopes of the gateway (docs/security.md); the provider's resource server offers them all. */
export const HUBGRAPH_SCOPES = ['hubgraph:read', 'hubgraph:send', 'hubgraph:manage', 'hubgraph:admin'];

/** The inbox's client id at the provider. */
export const EXAMPLE_CLIENT_ID = 'hubgraph-inbox';

/** The gateway's audience (AUTH_AUDIENCE): the resource the inbox asks tokens for. */
export const EXAMPLE_AUDIENCE = 'urn:hubgraph:example';

/**
 * The two people who can sign in, by login. The admin holds every client and every scope; the agent works for one
 * seeded client of the simulator's first partner and may read and reply.
 */
export const EXAMPLE_PEOPLE = {
  admin: { password: 'admin-pass', name: 'Ada Admin', clients: ['*'], scopes: HUBGRAPH_SCOPES },
  agent: { password: 'agent-pass', name: 'Alan Agent', clients: ['client-001'], scopes: ['hubgraph:read', 'hubgraph:send'] },
};

const escape = (text) => String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
  '<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto}label,input,button{display:block;margin:.5rem 0}' +
  '.alert{color:#a00}</style></head>' +
  `<body><h1>${escape(title)}</h1>${body}</body></html>`;

/** The sign-in form; `problem` says why the last attempt failed. */
const loginPage = (uid, problem) =>
  page(
    'Sign in to hubgraph (development provider)',
    (problem ? `<p role="alert" class="alert">${escape(problem)}</p>` : '') +
      `<form method="post" action="/interaction/${escape(uid)}/login">` +
      '<label>Login <input name="login" autocomplete="username" required autofocus></label>' +
      '<label>Password <input name="password" type="password" autocomplete="current-password" required></label>' +
      '<button type="submit">Sign in</button></form>',
  );

/** The consent page: what the inbox asks for, as far as the person holds it. */
const consentPage = (uid, name, scopes) =>
  page(
    'Allow the hubgraph inbox?',
    `<p>Signed in as ${escape(name)}. The inbox asks to act for you with:</p><ul>` +
      scopes.map((scope) => `<li>${escape(scope)}</li>`).join('') +
      `</ul><form method="post" action="/interaction/${escape(uid)}/confirm"><button type="submit">Allow</button></form>` +
      `<form method="post" action="/interaction/${escape(uid)}/abort"><button type="submit">Deny</button></form>`,
  );

async function formBody(request) {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(text);
}

/**
 * Starts the provider on `host`:`port` (0: a free one). `redirectUris` are the inbox's URLs the provider may send a
 * person back to (and, without their paths, the origins allowed to call the token endpoint);
 * `accessTokenTtlSeconds` how long an access token lasts. Answers its issuer URL and a `close`.
 */
export async function startExampleIdentityProvider({
  host = '127.0.0.1',
  port = 0,
  redirectUris,
  audience = EXAMPLE_AUDIENCE,
  accessTokenTtlSeconds = 600,
  people = EXAMPLE_PEOPLE,
}) {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const issuer = `http://${host}:${server.address().port}`;
  // A fresh signing key per start: tokens of an earlier run are refused, as after a key rotation.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: `example-${Date.now()}`, use: 'sig', alg: 'RS256' };
  const personOf = (accountId) => (Object.hasOwn(people, accountId) ? people[accountId] : undefined);
  const origins = new Set(redirectUris.map((uri) => new URL(uri).origin));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: EXAMPLE_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'profile', 'offline_access', ...HUBGRAPH_SCOPES],
    claims: { openid: ['sub'], profile: ['name'] },
    findAccount: (_ctx, accountId) => {
      const person = personOf(accountId);
      return person && { accountId, claims: () => ({ sub: accountId, name: person.name }) };
    },
    // The public client refreshes its token without a new sign-in (the inbox does before it expires, and when the
    // gateway closes its WebSocket with 4403).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
    pkce: { required: () => true },
    // A working day's session; a sign-in page left open expires after 10 minutes.
    ttl: { AccessToken: accessTokenTtlSeconds, IdToken: accessTokenTtlSeconds, Interaction: 600, Session: 28_800, Grant: 28_800, RefreshToken: 28_800 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Sign out of hubgraph?',
            `${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>` +
              '<button type="submit" form="op.logoutForm">No, stay signed in</button>',
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        // Offers a signed-in person only the scopes they hold: the provider drops the others from the request, so the
        // consent covers what is left and the token's scope says what they may do.
        getResourceServerInfo: (ctx, resource) => {
          if (resource !== audience) throw new Provider.errors.InvalidTarget();
          const accountId = ctx.oidc.account?.accountId ?? ctx.oidc.session?.accountId;
          const scopes = (accountId && personOf(accountId)?.scopes) || HUBGRAPH_SCOPES;
          return {
            scope: scopes.join(' '),
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtlSeconds,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The gateway reads the person's clients (AUTH_CLIENTS_CLAIM) and name (AUTH_NAME_CLAIM) from the access token.
    extraTokenClaims: (_ctx, token) => {
      const person = personOf(token.accountId);
      return person && { hubgraph_clients: person.clients, name: person.name };
    },
  });
  const callback = provider.callback();

  const interaction = async (request, response, uid, action) => {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const html = (body) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
    if (action === 'abort') {
      return provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'the person denied access' },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === 'login') {
      if (action !== 'login') return html(loginPage(uid));
      const form = await formBody(request);
      const login = form.get('login') ?? '';
      const person = personOf(login);
      if (!person || person.password !== form.get('password')) return html(loginPage(uid, 'Unknown login or wrong password'));
      return provider.interactionFinished(request, response, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    const person = personOf(details.session.accountId);
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    // Only what the person holds is granted, whatever the inbox asked for: the token's scope says what they may do.
    const granted = Object.fromEntries(
      Object.entries(missingResourceScopes ?? {}).map(([resource, scopes]) => [resource, scopes.filter((scope) => person.scopes.includes(scope))]),
    );
    if (action !== 'confirm') return html(consentPage(uid, person.name, [...new Set(Object.values(granted).flat())]));
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(granted)) grant.addResourceScope(resource, scopes.join(' '));
    return provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (request, response) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(new URL(request.url, issuer).pathname);
    if (!match) return callback(request, response);
    if ((request.method === 'POST') !== (match[2] !== undefined)) return response.writeHead(405).end();
    interaction(request, response, match[1], match[2]).catch((error) => {
      if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain' }).end(`sign-in failed: ${error.message}`);
    });
  });
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
