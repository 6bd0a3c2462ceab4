import formbody from '@fastify/formbody';
import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify route that reads the same form body and answers a small JSON
 * envelope, run in its own process like the real server.
 */
const app = Fastify({ logger: false });
await app.register(formbody);
app.post('/bare', async () => ({ code: 200, msg: 'Success', data: { balance: '1000.00' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
