// Runs redis-server in the foreground with the given arguments, in a temp dir of its own, and stops it
// once this process's stdin closes. The test process that started us holds the other end: it closes it
// to stop the server, and if that process dies (even by SIGKILL) the operating system closes it, so a
// test Redis never outlives its run. The dir is removed once the server is gone. SIGUSR1 kills the
// server at once (kill -9, no shutdown), as a crashed host: the failover tests' way to fail a node.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers';

const dir = mkdtempSync(join(tmpdir(), 'hubgraph-redis-'));
const server = spawn('redis-server', [...process.argv.slice(2), '--dir', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
const exit = (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
};

// SIGTERM makes redis-server shut down (nothing to save); one that hangs is killed after 5 s.
const stop = () => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  setTimeout(() => server.kill('SIGKILL'), 5_000).unref();
};

server.on('error', (error) => {
  process.stderr.write(`redis-server could not start: ${error.message}\n`);
  exit(127);
});
server.on('exit', (code, signal) => exit(code ?? (signal === 'SIGTERM' ? 0 : 1)));
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
process.on('SIGUSR1', () => server.kill('SIGKILL'));
