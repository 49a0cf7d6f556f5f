// Which Host headers the local service answers: loopback names and addresses only (any port; the same
// test as the client's plain-http warning, common/src/api/loopback.ts), plus the address it was told to
// bind with --host when that is an IP address. Any other name can be pointed at 127.0.0.1 by whoever
// owns it (DNS rebinding), so it is refused.
import { isIP } from 'node:net';
import { isLoopbackHost } from '../../../common/src/api/loopback';

export function hostCheck(boundHost: string): (header: string | undefined) => boolean {
  const bound = isIP(boundHost)
    ? hostnameOf(isIP(boundHost) === 6 ? `[${boundHost}]` : boundHost)
    : undefined;
  return (header) => {
    const name = header === undefined ? undefined : hostnameOf(header.trim());
    return name !== undefined && (isLoopbackHost(name) || name === bound);
  };
}

/** The host name of a Host header (`name`, `name:port`, `[v6]:port`) as `new URL()` normalises it. */
function hostnameOf(header: string): string | undefined {
  // Only a host and a port: nothing that would make the URL parser read a path or credentials.
  if (header === '' || /[\s/\\@?#]/.test(header)) return undefined;
  try {
    return new URL(`http://${header}/`).hostname;
  } catch {
    return undefined;
  }
}
