import { describe, expect, it } from '@jest/globals';
import { exampleEnvironment, identityProviderPort } from '../../scripts/example-env.mjs';

describe('npm run example', () => {
  it('points the app at the gateway on its PORT and at the simulator on PORT + 10', () => {
    expect(exampleEnvironment({ PORT: '41400' })).toMatchObject({
      SIMULATOR_PORT: '41410',
      VITE_HUBGRAPH_URL: 'http://localhost:41400/graphql',
      VITE_SIMULATOR_URL: 'http://127.0.0.1:41410',
    });
  });

  it('uses 4000 without PORT, and keeps a SIMULATOR_PORT or app URL the caller set', () => {
    expect(exampleEnvironment({})).toMatchObject({ VITE_HUBGRAPH_URL: 'http://localhost:4000/graphql', SIMULATOR_PORT: '4010' });
    expect(exampleEnvironment({ PORT: '5000', SIMULATOR_PORT: '6000', VITE_HUBGRAPH_URL: 'https://gw.example.com/graphql' })).toMatchObject({
      SIMULATOR_PORT: '6000',
      VITE_HUBGRAPH_URL: 'https://gw.example.com/graphql',
      VITE_SIMULATOR_URL: 'http://127.0.0.1:6000',
    });
  });

  it('points the gateway and the app at the development identity provider on PORT + 20, and at none when open', () => {
    const identity = { issuer: 'http://127.0.0.1:41420', audience: 'urn:hubgraph:example', clientId: 'hubgraph-inbox' };
    expect(identityProviderPort({ PORT: '41400' })).toBe(41420);
    expect(identityProviderPort({ EXAMPLE_IDP_PORT: '9000' })).toBe(9000);
    expect(exampleEnvironment({ PORT: '41400' }, identity)).toMatchObject({
      AUTH_ISSUER: 'http://127.0.0.1:41420',
      AUTH_AUDIENCE: 'urn:hubgraph:example',
      VITE_OIDC_ISSUER: 'http://127.0.0.1:41420',
      VITE_OIDC_CLIENT_ID: 'hubgraph-inbox',
    });
    const open = exampleEnvironment({ PORT: '41400' });
    expect([open.AUTH_ISSUER, open.VITE_OIDC_ISSUER]).toEqual([undefined, undefined]);
  });
});
