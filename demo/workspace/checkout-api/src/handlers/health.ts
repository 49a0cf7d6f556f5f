import type { FastifyReply, FastifyRequest } from 'fastify';

/** GET /healthz: liveness probe; logs the caller for the load-balancer audit. */
export async function ping(req: FastifyRequest, reply: FastifyReply): Promise<{ ok: true }> {
  req.log.info({ remoteAddress: req.ip, userAgent: req.headers['user-agent'] }, 'health check');
  reply.header('cache-control', 'no-store');
  return { ok: true };
}
