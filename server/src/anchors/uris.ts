// file: URIs <-> file-system paths, encoded the way VS Code encodes them, so that the URIs we hand out
// match the client's document URIs and the URIs we receive map to one key whatever their encoding.
import * as path from 'node:path';

const isWindows = process.platform === 'win32';

/** Percent-encodes everything but RFC 3986 unreserved characters (VS Code's encodeURIComponentFast). */
function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** The VS Code-style file URI of an absolute path. */
export function fileUri(fsPath: string): string {
  let p = isWindows ? fsPath.replace(/\\/g, '/') : fsPath;
  let prefix = 'file://';
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) {
    prefix += '/' + drive[1]!.toLowerCase() + '%3A';
    p = p.slice(2);
  }
  return prefix + p.split('/').map(encodeSegment).join('/');
}

/** The normalized file-system path of a file: URI, or undefined for other schemes and malformed URIs. */
export function uriToFsPath(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'file:') return undefined;
  let p: string;
  try {
    p = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (isWindows) {
    if (/^\/[A-Za-z]:/.test(p)) p = p.slice(1);
    if (url.host) p = `//${url.host}${p}`;
    return path.win32.normalize(p);
  }
  return path.posix.normalize(p);
}
