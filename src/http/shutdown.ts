import type { Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

/** How long a keep-alive connection must have been quiet, once we stop, before we close it. */
const QUIET_MS = 1000;
/** How often we look for such connections while stopping. */
const SWEEP_MS = 100;

type Connection = { responses: Set<ServerResponse>; idleSince: number };

/**
 * Returns a function that stops the server and resolves once every connection has ended. It converges
 * under keep-alive load: from then on every response says `Connection: close`, so a busy connection
 * ends after its next answer. A connection with nothing in flight is closed only after it has been
 * quiet for a moment: closing it at once, as http.Server.close does, resets a request that may
 * already be on its way.
 */
export function gracefulStop(server: Server): () => Promise<void> {
  const connections = new Map<Socket, Connection>();
  let stopping = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { responses: new Set(), idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Prepended: the app may answer synchronously, and the header must be set before it does.
  server.prependListener('request', (req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.responses.add(res);
    res.once('close', () => {
      connection.responses.delete(res);
      connection.idleSince = Date.now();
    });
  });

  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, { responses, idleSince }] of connections)
      if (responses.size === 0 && now - idleSince >= QUIET_MS) socket.destroy();
  };

  return () =>
    new Promise<void>((resolve) => {
      stopping = true;
      for (const { responses } of connections.values())
        for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      const sweep = setInterval(closeQuiet, SWEEP_MS);
      // net.Server's close stops accepting and waits for the connections, without dropping idle ones.
      net.Server.prototype.close.call(server, () => {
        clearInterval(sweep);
        resolve();
      });
    });
}
