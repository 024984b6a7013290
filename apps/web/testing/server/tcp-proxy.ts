import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones: the database "goes away" (connections are refused). */
  stop(): Promise<void>;
  /**
   * Keeps every connection open and accepts new ones, but lets no byte through: a network partition,
   * where nothing is refused and only the client's own timeouts end a wait.
   */
  blackhole(): void;
  /** Forwards again on the same port: the database "is back". Connections from the fault are dropped, as a partition's would be. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP forwarder to a real server, to make it unreachable without touching the server itself. */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  let passing = true;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const pipe = (from: Socket, to: Socket) => from.on('data', (chunk) => passing && to.write(chunk));

  const accept = (client: Socket) => {
    track(client);
    // During a partition a new connection is accepted but never reaches the server.
    if (!passing) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    pipe(client, upstream);
    pipe(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer(accept);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        port = (listening.address() as { port: number }).port;
        resolve();
      });
    });

  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const stop = async () => {
    const closing = server;
    server = null;
    dropAll();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port,
    stop,
    blackhole() {
      passing = false;
    },
    async start() {
      if (!passing) dropAll();
      passing = true;
      if (!server) await listen();
    },
    close: stop,
  };
}
