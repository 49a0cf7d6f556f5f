// Markdown building for hovers. Every string that comes from the service goes through `md()`: the
// service is untrusted, so its text must never become markup, HTML, a link or a command.
import { markdownText } from '../../../common/src/untrustedText';

/** Service text escaped for Markdown (common/src/untrustedText.ts owns the rules). */
export const md = markdownText;

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
