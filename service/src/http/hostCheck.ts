// Which Host headers the local service answers: loopback names and addresses only (any port), plus
// the address it was told to bind with --host when that is an IP address. A name that is not
// `localhost` can be made to point at 127.0.0.1 by whoever owns it (DNS rebinding), so it is refused.
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

export function hostCheck(boundHost: string): (header: string | undefined) => boolean {
  const bound = isIP(boundHost) ? boundHost.toLowerCase() : undefined;
  return (header) => {
    if (header === undefined) return false;
    const host = hostName(header.trim().toLowerCase());
    if (host === undefined) return false;
    if (LOOPBACK_NAMES.has(host)) return true;
    if (host === bound) return true;
    if (isIP(host) === 4) return host.startsWith('127.');
    if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
    return false;
  };
}

/** The host part of a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`), brackets removed. */
function hostName(header: string): string | undefined {
  if (header.startsWith('[')) {
    const end = header.indexOf(']');
    if (end < 0) return undefined;
    const rest = header.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return header.slice(1, end);
  }
  const m = /^([^:]+)(?::\d{1,5})?$/.exec(header);
  return m?.[1];
}
