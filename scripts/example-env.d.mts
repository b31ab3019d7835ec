/** The environment `npm run example` gives the gateway and the inbox app (see example-env.mjs). */
export function exampleEnvironment(env: NodeJS.ProcessEnv, identity?: { issuer: string; audience: string; clientId: string } | null): NodeJS.ProcessEnv;
/** The development identity provider's port: EXAMPLE_IDP_PORT, default PORT + 20. */
export function identityProviderPort(env: NodeJS.ProcessEnv): number;
/** The inbox's dev-server URLs the provider may send a person back to. */
export const INBOX_DEV_URLS: string[];
