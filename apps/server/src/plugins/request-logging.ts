import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';
import { isPoll } from './polls.ts';

/** Where and how much the app logs; JSON lines on stdout unless a stream is given (tests). */
export interface LogSettings {
  level: Config['logLevel'];
  stream?: { write(line: string): void };
}

/**
 * Query parameters that carry a credential: the refresh token (spec §7 sends it in the query),
 * single sign-on codes and state, signed file addresses' signatures. Compared in lower case.
 */
const SECRET_PARAMS = new Set([
  'refreshtoken',
  'accesstoken',
  'access_token',
  'id_token',
  'token',
  'password',
  'oldpassword',
  'newpassword',
  'secret',
  'client_secret',
  'code',
  'state',
  'sso',
  'sig',
]);
const REDACTED = '[redacted]';

/** The URL with the values of credential-bearing query parameters replaced; the rest as sent. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
};

/** Credentials anywhere a log line might carry them: headers and fields of logged objects. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  ...['password', 'oldPassword', 'newPassword', 'refreshToken', 'accessToken', 'token', 'secret'].flatMap(
    (field) => [field, `*.${field}`],
  ),
];

/** The Fastify logger options: the level and destination asked for, with credentials redacted. */
export function loggerOptions(settings: LogSettings): FastifyServerOptions['logger'] {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own request fields, with the URL's credentials redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        version: [request.headers['accept-version']].flat()[0],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * Fastify's request log lines, except that a successful poll logs at debug (a signed-in user
 * otherwise writes two info lines every 5 s) and a failed one writes one info line naming it.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (isPoll(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || !isPoll(request)) {
      super.requestCompleted(error, request, reply);
    } else if (reply.statusCode < 400) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  /** Fastify's line puts the raw URL in the message, past the serializer. */
  override routeNotFound(request: FastifyRequest) {
    request.log.info(`Route ${request.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}
