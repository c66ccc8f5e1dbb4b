import pg from 'pg';

/**
 * A PostgreSQL client that outlives its connection dropping (a server restart, a failover) while
 * it is checked out of its pool. pg-pool listens for errors only on idle clients; one in use that
 * loses its connection between two statements emits 'error' with nobody listening, and Node ends
 * the process. The statement that was running fails on its own (its caller hears of it), and the
 * pool discards the client when it comes back, so the event itself carries nothing to act on.
 */
export class DroppableClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}
