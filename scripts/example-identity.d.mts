/** The example's development identity provider (see example-identity.mjs). */
export interface ExamplePerson {
  password: string;
  name: string;
  clients: string[];
  scopes: string[];
}
export const HUBGRAPH_SCOPES: string[];
export const EXAMPLE_CLIENT_ID: string;
export const EXAMPLE_AUDIENCE: string;
export const EXAMPLE_PEOPLE: Record<'admin' | 'agent', ExamplePerson>;
export function startExampleIdentityProvider(options: {
  host?: string;
  port?: number;
  redirectUris: string[];
  audience?: string;
  accessTokenTtlSeconds?: number;
  people?: Record<string, ExamplePerson>;
}): Promise<{ issuer: string; close(): Promise<void> }>;
