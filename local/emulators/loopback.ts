/** Where the local stack's servers listen (this machine alone), and how one is closed, open connections too. */
import type { Server } from 'node:http';

export const LOOPBACK = '127.0.0.1';

export function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
