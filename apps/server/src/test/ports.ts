import net from 'node:net';

/**
 * A port nothing listens on now, for a server a test starts as a child process. A random one
 * could be a client's ephemeral port (from 32768 on Linux): EADDRINUSE, seen in CI.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
