// `npm run example`: the gateway with its embedded simulator (http://localhost:4000/graphql) and the inbox example's
// dev server (http://localhost:5173) together; Ctrl-C stops both. The app calls the gateway on the same PORT
// (VITE_HUBGRAPH_URL, unless set) and shows the simulator's URL (SIMULATOR_PORT, default PORT + 10) in its hints.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const example = fileURLToPath(new URL('../examples/inbox/', import.meta.url));
const port = Number(process.env.PORT ?? 4000);
const simulatorPort = Number(process.env.SIMULATOR_PORT ?? port + 10);
const env = {
  ...process.env,
  SIMULATOR_PORT: String(simulatorPort),
  VITE_HUBGRAPH_URL: process.env.VITE_HUBGRAPH_URL ?? `http://localhost:${port}/graphql`,
  VITE_SIMULATOR_URL: process.env.VITE_SIMULATOR_URL ?? `http://127.0.0.1:${simulatorPort}`,
};
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
