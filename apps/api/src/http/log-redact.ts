import type { FastifyRequest } from 'fastify';

/** Web paths whose last segment is a credential: single sign-on, e-mailed validation and reset links. */
const SECRET_PATH = /^((?:\/sso\/[^/?#]+|\/validar-mail-ok|\/restablecer-password-confirmar)\/)[^/?#]+/;
/** Query parameters that carry credentials: e-mailed tokens, OIDC codes and state. */
const SECRET_PARAM = /([?&](?:token|code|state|id_token|access_token|refresh_token)=)[^&#]*/gi;

/** The URL as it may be logged: credentials in the path or the query string are masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[oculto]').replace(SECRET_PARAM, '$1[oculto]');
}

/** Fastify's own request serializer, with the URL masked (bearer headers are never serialized). */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
