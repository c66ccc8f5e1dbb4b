import { isIP } from 'node:net';
import { allowsPort, normaliseHost, type AllowList } from './allow-list.ts';
import { UrlFetchError } from './errors.ts';

/** Ports any URL may use; others only through a host:port allow-list entry. */
export const DEFAULT_PORTS: ReadonlySet<number> = new Set([80, 443]);

/** A URL that passed the checks needing no DNS. */
export interface CheckedUrl {
  readonly url: URL;
  /** The host without IPv6 brackets or trailing dot, as given to DNS and the allow-list. */
  readonly hostname: string;
  readonly port: number;
  /** Whether the host is an IP literal (already normalised by the WHATWG parser: 0x7f.1 is 127.0.0.1). */
  readonly literal: boolean;
}

/** Checks scheme, credentials and port: the first step of every hop, redirects included. */
export function checkUrl(input: string | URL, allow: AllowList): CheckedUrl {
  const text = String(input);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlFetchError('scheme', 'not an absolute URL', { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlFetchError('scheme', `scheme ${url.protocol} is not allowed, only http: and https:`, {
      url: url.href,
    });
  }
  // Credentials would be sent to whoever the URL points at and logged with it; no import needs them.
  if (url.username !== '' || url.password !== '') {
    const redacted = new URL(url);
    redacted.username = '';
    redacted.password = '';
    throw new UrlFetchError('credentials', 'URLs with credentials (user:password@) are not allowed', {
      url: redacted.href,
    });
  }
  const hostname = normaliseHost(url.hostname);
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!DEFAULT_PORTS.has(port) && !allowsPort(allow, hostname, port)) {
    throw new UrlFetchError('port', `port ${port} is not allowed, only 80 and 443`, { url: url.href });
  }
  return { url, hostname, port, literal: isIP(hostname) !== 0 };
}
