import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { listenOn } from '../../src/http/listen.js';

describe('listenOn', () => {
  it('listens, or rejects naming the variable of a port another server holds (no unhandled error event)', async () => {
    const first = createServer();
    await listenOn(first, 0, '127.0.0.1', 'PORT');
    const { port } = first.address() as AddressInfo;
    const second = createServer();
    try {
      await expect(listenOn(second, port, '127.0.0.1', 'SIMULATOR_PORT')).rejects.toThrow(
        `SIMULATOR_PORT ${port} is already in use on 127.0.0.1: stop the process listening there, or set SIMULATOR_PORT to a free port`,
      );
      expect(second.listening).toBe(false);
    } finally {
      await new Promise((resolve) => first.close(resolve));
    }
  });

  it('names HOST when the address is not one of this machine', async () => {
    const server = createServer();
    await expect(listenOn(server, 0, '192.0.2.1', 'PORT')).rejects.toThrow('HOST 192.0.2.1 is not an address of this machine');
  });
});
