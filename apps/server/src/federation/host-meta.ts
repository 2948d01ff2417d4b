import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicRoute } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { escapeHtml } from '../statuses/text-format.js';

/**
 * `/.well-known/host-meta` (RFC 6415): where WebFinger lives, as XRD, or as JSON with `?format=json` and at
 * `/.well-known/host-meta.json`, as Mastodon serves it. Older software finds WebFinger only this way.
 */
export function registerHostMeta(app: FastifyInstance, ctx: AppContext): void {
  const template = `${ctx.config.publicUrl}/.well-known/webfinger?resource={uri}`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
    `  <Link rel="lrdd" template="${escapeHtml(template)}"/>\n` +
    '</XRD>\n';
  const json = { links: [{ rel: 'lrdd', template }] };
  const sendJson = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').type('application/json; charset=utf-8').send(json);

  app.get('/.well-known/host-meta', publicRoute, async (request, reply) => {
    const { format } = request.query as { format?: string };
    if (format === 'json') return sendJson(reply);
    return reply
      .header('access-control-allow-origin', '*')
      .type('application/xrd+xml; charset=utf-8')
      .send(xml);
  });
  app.get('/.well-known/host-meta.json', publicRoute, async (_request, reply) => sendJson(reply));
}
