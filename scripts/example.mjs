// `npm run example`: the gateway with its embedded simulator (http://localhost:4000/graphql) and the inbox example's
// dev server (http://localhost:5173) together; Ctrl-C stops both. exampleEnvironment says which URLs the app calls.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { exampleEnvironment } from './example-env.mjs';

const example = fileURLToPath(new URL('../examples/inbox/', import.meta.url));
const env = exampleEnvironment(process.env);
const start = (args, cwd) => spawn('npm', args, { cwd, stdio: 'inherit', env });

if (!existsSync(`${example}node_modules`)) {
  const [code] = await once(start(['ci', '--no-audit', '--no-fund'], example), 'exit');
  if (code !== 0) process.exit(code ?? 1);
}
const children = [start(['start']), start(['run', 'dev'], example)];
const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    process.exitCode ||= code ?? 0;
    stop();
  });
}
