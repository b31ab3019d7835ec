// Runs redis-server in the foreground with the given arguments and stops it once this process's stdin
// closes. The test process that started us holds the other end: it closes it to stop the server, and if
// that process dies (even by SIGKILL) the operating system closes it, so a test Redis never outlives its run.
import { spawn } from 'node:child_process';
import { setTimeout } from 'node:timers';

const server = spawn('redis-server', process.argv.slice(2), { stdio: ['ignore', 'inherit', 'inherit'] });
// SIGTERM makes redis-server shut down (nothing to save); one that hangs is killed after 5 s.
const stop = () => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill('SIGTERM');
  setTimeout(() => server.kill('SIGKILL'), 5_000).unref();
};

server.on('error', (error) => {
  process.stderr.write(`redis-server could not start: ${error.message}\n`);
  process.exit(127);
});
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1)));
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
