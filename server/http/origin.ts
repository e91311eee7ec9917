import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The origin links to this site are built on (the QR login code, invite links, the survey partner's
 * return): PUBLIC_ORIGIN when it is set; otherwise the address the request came to — its Host
 * (with TRUST_PROXY, X-Forwarded-Host / X-Forwarded-Proto: Fastify's `request.host` and
 * `request.protocol` under trustProxy), so a site opened at 127.0.0.1:PORT or a LAN address
 * hands out links that work there. Without a request (seeding), the configured default.
 */
export function originOf(
  config: Pick<Config, 'publicOrigin' | 'publicOriginFixed'>,
  request?: Pick<FastifyRequest, 'host' | 'protocol'>,
): string {
  if (config.publicOriginFixed || !request?.host) return config.publicOrigin;
  return `${request.protocol}://${request.host}`;
}
