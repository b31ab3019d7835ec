// `npm run example`: the development identity provider (http://127.0.0.1:4020, two people: docs/frontend.md), the
// gateway with its embedded simulator verifying their tokens (http://localhost:4000/graphql) and the inbox example's
// dev server (http://localhost:5173) together; Ctrl-C stops all three. `npm run example -- --open` (or
// EXAMPLE_OPEN=true) leaves the provider out: the gateway runs open as without AUTH_ISSUER. exampleEnvironment says
// which URLs the app calls.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { INBOX_DEV_URLS, exampleEnvironment, identityProviderPort } from './example-env.mjs';
import { EXAMPLE_AUDIENCE, EXAMPLE_CLIENT_ID, startExampleIdentityProvider } from './example-identity.mjs';

const example = fileURLToPath(new URL('../examples/inbox/', import.meta.url));
const open = process.argv.includes('--open') || process.env.EXAMPLE_OPEN === 'true';
const identity = open ? null : await startExampleIdentityProvider({ port: identityProviderPort(process.env), redirectUris: INBOX_DEV_URLS });
const env = exampleEnvironment(process.env, identity && { issuer: identity.issuer, audience: EXAMPLE_AUDIENCE, clientId: EXAMPLE_CLIENT_ID });
if (identity) process.stdout.write(`identity provider at ${identity.issuer} (sign in as admin / admin-pass or agent / agent-pass)\n`);
const start = (args, cwd) => spawn('npm', args, { cwd, stdio: 'inherit', env });

if (!existsSync(`${example}node_modules`)) {
  const [code] = await once(start(['ci', '--no-audit', '--no-fund'], example), 'exit');
  if (code !== 0) process.exit(code ?? 1);
}
const children = [start(['start']), start(['run', 'dev'], example)];
const stop = () => {
  children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  void identity?.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    process.exitCode ||= code ?? 0;
    stop();
  });
}
