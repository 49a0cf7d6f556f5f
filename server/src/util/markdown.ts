// Markdown building for hovers. Every string that comes from the service goes through `md()`: the
// service is untrusted, so its text must never become markup, HTML, a link or a command.

const MAX_TEXT = 500;

/**
 * Escapes text for CommonMark/GFM: every ASCII punctuation character is backslash-escaped (always
 * valid in CommonMark), so no emphasis, code span, link, HTML tag, autolink or heading can form.
 * Line breaks become spaces and control characters are dropped; long text is cut.
 */
export function md(text: unknown, max = MAX_TEXT): string {
  let s = typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
  s = s
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u2028\u2029\u202a-\u202e]/g, '');
  if (s.length > max) s = `${s.slice(0, max)}…`;
  return s.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** A link to one of our own commands, arguments JSON-encoded in the URI. `title` is our own text. */
export function commandLink(title: string, command: string, args: unknown[]): string {
  // encodeURIComponent leaves ( ) ' ! * alone; ids come from the service and `)` would end the link.
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `[${md(title)}](command:${command}?${encoded})`;
}

/** An http(s) URL made safe as a Markdown link destination, or undefined for any other scheme. */
export function safeHttpUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  // href is percent-encoded already; parentheses and angle brackets would end the destination.
  return url.href.replace(
    /[()<>\s"'`\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

export function externalLink(title: string, raw: unknown): string | undefined {
  const url = safeHttpUrl(raw);
  return url ? `[${md(title)}](${url})` : undefined;
}
