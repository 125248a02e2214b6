import Fastify from 'fastify';

/** The reference: Fastify's hello-world JSON route, nothing else, on the same Node. */
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
