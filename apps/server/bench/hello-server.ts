import Fastify from 'fastify';

/** The baseline: a bare Fastify hello-world, measured in the same run as Postdeck. */
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env['PORT'] ?? 0), host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
