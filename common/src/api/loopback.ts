// Whether a service URL would carry the API key in clear text over the network: http:// to a host that
// is not this machine. Loopback (localhost, 127.0.0.0/8, ::1) never leaves the machine.

/** `hostname` as `new URL()` gives it: IPv4 normalised to dotted decimal, IPv6 in brackets and compressed. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) ||
    h === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(h)
  );
}

/** The parts of a WHATWG URL used here (common/ has no DOM or Node types: callers pass `new URL(…)`). */
export interface UrlParts {
  protocol: string;
  hostname: string;
  host: string;
}

/** The host (with port) of an http:// URL that is not loopback, else undefined (https, loopback, none). */
export function insecureHttpHost(url: UrlParts | undefined): string | undefined {
  return url && url.protocol === 'http:' && !isLoopbackHost(url.hostname) ? url.host : undefined;
}
