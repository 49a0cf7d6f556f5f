// Which ids may go into a request path. Path parameters are percent-encoded, but "." and ".." stay as
// they are and a URL parser resolves them as dot-segments (`/components/..` is another resource), so an
// id from settings or from the service must be exactly one plain path segment.
const MAX_ID_LENGTH = 256;
// Path separators (also encoded forms a proxy might decode), whitespace and control characters.
const NOT_IN_ID = /[/\\?#%\s\u0000-\u001f\u007f]/;

/** "." and "..": percent-encoding leaves them as they are, and URL resolution removes them. */
export function isDotSegment(id: string): boolean {
  return id === '.' || id === '..';
}

/** Strict: for ids taken from settings or edges, which are UUIDs in practice. */
export function isOneUrlSegment(id: string): boolean {
  return id.length > 0 && id.length <= MAX_ID_LENGTH && !isDotSegment(id) && !NOT_IN_ID.test(id);
}
