import type { Server } from "node:http";

/**
 * Stops a server the gentle way: refuse new connections, let in-flight requests finish, drop idle
 * keep-alive sockets at once, and cut what is still open after `timeoutMs`. Resolves when the
 * server is closed.
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    // A keep-alive socket turns idle when its last response is sent: close those as they appear.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
