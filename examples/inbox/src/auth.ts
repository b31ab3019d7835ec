import { UserManager, type User } from 'oidc-client-ts';

/**
 * The identity provider people sign in with (VITE_OIDC_ISSUER; `npm run example` starts a development one) and the
 * app's client id there. Unset: nobody signs in, and the app sends a gateway token (VITE_HUBGRAPH_TOKEN) or nothing.
 */
const ISSUER: string | undefined = import.meta.env.VITE_OIDC_ISSUER;
const CLIENT_ID: string = import.meta.env.VITE_OIDC_CLIENT_ID ?? 'hubgraph-inbox';

/** Every scope the gateway knows: the provider grants only those the person holds, and the token says which. */
const SCOPES = 'openid profile hubgraph:read hubgraph:send hubgraph:manage hubgraph:admin';

// Authorization code with PKCE (oidc-client-ts makes the verifier and checks the state), the user kept in
// sessionStorage, and the access token renewed with the refresh token before it expires.
export const signIn: UserManager | null = ISSUER
  ? new UserManager({
      authority: ISSUER,
      client_id: CLIENT_ID,
      redirect_uri: `${window.location.origin}${window.location.pathname}`,
      post_logout_redirect_uri: `${window.location.origin}${window.location.pathname}`,
      response_type: 'code',
      scope: SCOPES,
      automaticSilentRenew: true,
    })
  : null;

/** Set when the gateway closed the WebSocket with 4403 (the token expired by its clock): renew before reconnecting. */
let renewBeforeNextUse = false;
export function tokenRefused(): void {
  renewBeforeNextUse = true;
}

/** The signed-in person, renewed first when the token is expired, about to, or refused by the gateway; null when signed out. */
async function currentUser(manager: UserManager): Promise<User | null> {
  const user = await manager.getUser();
  if (!user) return null;
  if (!renewBeforeNextUse && (user.expires_in ?? 0) > 30) return user;
  renewBeforeNextUse = false;
  return manager.signinSilent().catch(() => null);
}

const gatewayToken: string | undefined = import.meta.env.VITE_HUBGRAPH_TOKEN;

/**
 * The Authorization header for the gateway, read before each request and each WebSocket connection: the person's
 * access token when people sign in, else a gateway token (GATEWAY_TOKENS) when one is configured, else none.
 */
export async function authorizationHeader(): Promise<Record<string, string>> {
  if (signIn) {
    const user = await currentUser(signIn);
    return user ? { authorization: `Bearer ${user.access_token}` } : {};
  }
  return gatewayToken ? { authorization: `Bearer ${gatewayToken}` } : {};
}

let completion: Promise<User | null> | null = null;

/**
 * Finishes a sign-in when the provider has just sent the person back (`?code=…&state=…`), restoring the URL they
 * started from (its hash: the channel and conversation); answers the signed-in person, or null. Once per page load:
 * a code is redeemed only once (React's StrictMode runs effects twice).
 */
export function completeSignIn(manager: UserManager): Promise<User | null> {
  completion ??= redeem(manager);
  return completion;
}

async function redeem(manager: UserManager): Promise<User | null> {
  const query = new URLSearchParams(window.location.search);
  if (!query.has('code') && !query.has('error')) return manager.getUser();
  try {
    const user = await manager.signinCallback();
    const hash = typeof user?.state === 'string' ? user.state : '';
    window.history.replaceState(null, '', `${window.location.pathname}${hash}`);
    return user ?? null;
  } catch (error) {
    window.history.replaceState(null, '', window.location.pathname);
    throw error;
  }
}

/** Sends the person to the provider's sign-in, to come back to the URL they are on. */
export function startSignIn(manager: UserManager): Promise<void> {
  return manager.signinRedirect({ state: window.location.hash });
}
