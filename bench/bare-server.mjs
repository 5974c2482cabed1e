/** The ceiling for the API benches: a bare Fastify endpoint, no plugins, no database. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2] ?? 0) });
