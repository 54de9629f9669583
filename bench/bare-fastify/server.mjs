// The reference for `npm run bench:start` (scripts/bench-start.mjs): a bare Fastify server with
// the same /healthz, started the same way as the shop, so a busy machine moves both alike.
import process from 'node:process';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
