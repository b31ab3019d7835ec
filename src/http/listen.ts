import type { Server } from 'node:net';

/**
 * `server.listen` that rejects instead of crashing the process with an unhandled 'error' event, and says
 * in one line which variable to change: a port already taken or not allowed, a host not of this machine.
 */
export async function listenOn(server: Server, port: number, host: string, portVariable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(listenError(error, port, host, portVariable));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string, portVariable: string): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new Error(`${portVariable} ${port} is already in use on ${host}: stop the process listening there, or set ${portVariable} to a free port`);
    case 'EACCES':
      return new Error(`${portVariable} ${port} needs privileges this process does not have on ${host}: set ${portVariable} to a port above 1023`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new Error(`HOST ${host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0: all of them)`);
    default:
      return error;
  }
}
