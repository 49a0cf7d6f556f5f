import Fastify from 'fastify';
import { createOrder } from './handlers/createOrder.js';
import { ping } from './handlers/health.js';

const app = Fastify({ logger: true });
app.post('/orders', createOrder);
app.get('/healthz', ping);

await app.listen({ host: '0.0.0.0', port: Number(process.env.PORT ?? 3000) });
