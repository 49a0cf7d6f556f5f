// The one owner of untrusted text: anything the service (or a workspace) sends is cleaned here, by one
// function per place it is shown, and secrets are redacted here. No vscode or Node import: the client,
// the server and the tests use it alike.
//
// Invisible characters can make shown text say something else than it holds: bidi embeddings,
// overrides and isolates reorder it ("Trojan Source"), zero-width characters hide inside names,
// line breaks start a new line of Markdown or of a log.

/** Line breaks, tabs and the other C0/C1 controls. */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
/**
 * Characters with no width that change how text reads: Arabic letter mark, zero-width space/joiners,
 * LRM/RLM, bidi embeddings and overrides (U+202A–202E), isolates (U+2066–2069), the BOM.
 */
const INVISIBLE = '\\u061c\\u200b-\\u200f\\u202a-\\u202e\\u2066-\\u2069\\ufeff';
const UNSAFE_RUN = new RegExp(`[${CONTROLS}${INVISIBLE}]+`, 'g');
const INVISIBLE_RUN = new RegExp(`[${INVISIBLE}]+`, 'g');
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029\u0085]/g;
const OTHER_CONTROL = new RegExp(`[${CONTROLS}]`, 'g');
/** A lone surrogate half (encodeURIComponent throws on one). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `$(name)` / `$(name~spin)`: VS Code draws it as an icon in lens titles, quick picks and the status bar. */
const ICON = /(\\)?\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/gi;

function asString(text: unknown): string {
  return typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
}

/** At most `max` UTF-16 units, an ellipsis marking the cut (never splitting a surrogate pair). */
function cut(s: string, max: number, ellipsisInside: boolean): string {
  if (s.length <= max) return s;
  let end = ellipsisInside ? Math.max(0, max - 1) : max;
  if (end > 0 && /[\uD800-\uDBFF]/.test(s[end - 1]!)) end--;
  return `${s.slice(0, end)}…`;
}

/**
 * Service text for Markdown (hovers, Markdown tooltips): one line, no control or invisible characters,
 * at most `max` characters, and every ASCII punctuation character backslash-escaped (always valid in
 * CommonMark), so no emphasis, code span, link, HTML tag, autolink, heading or `$(icon)` can form.
 */
export function markdownText(text: unknown, max = 500): string {
  const s = asString(text).replace(LINE_BREAK, ' ').replace(OTHER_CONTROL, '').replace(INVISIBLE_RUN, '');
  return cut(s, max, false).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * Service text for a plain label (tree item label, description and tooltip, quick-pick detail): one
 * line, every run of control or invisible characters one space, trimmed, at most `max` characters.
 */
export function labelText(text: unknown, max = 400): string {
  return cut(asString(text).replace(UNSAFE_RUN, ' ').trim(), max, true);
}

/**
 * Service text where VS Code draws `$(name)` as an icon (code lens titles, quick-pick labels, the
 * status bar): labelText with each icon reference escaped, so it shows as typed.
 */
export function iconLabelText(text: unknown, max = 400): string {
  return escapeIcons(labelText(text, max));
}

/** `$(name)` escaped as `\$(name)` (VS Code's own escape), unless it is escaped already. */
export function escapeIcons(text: string): string {
  return text.replace(ICON, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}

/**
 * Service text as a string value in an answer to a language model (agent tools, the MCP server): one
 * line (line breaks and other controls become a space), invisible characters and lone surrogates
 * removed, at most `max` characters. The answer carries it inside a JSON string, so it reads as data.
 */
export function modelDataText(text: unknown, max = 300): string {
  const s = asString(text)
    .replace(LINE_BREAK, ' ')
    .replace(OTHER_CONTROL, ' ')
    .replace(INVISIBLE_RUN, '')
    .replace(LONE_SURROGATE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return cut(s, max, true);
}

/** Service text for a notification, which renders `[label](target)` as a link: labelText, brackets as parentheses. */
export function messageText(text: unknown, max = 400): string {
  return labelText(text, max).replace(/[[\]]/g, (c) => (c === '[' ? '(' : ')'));
}

/**
 * Service text as one file-name segment (the editor tab of a path document): no path separators,
 * control or invisible characters, lone surrogates, and none of !'()* (encodeURIComponent keeps them
 * but VS Code escapes them, so the URI would change on its way through the editor); at most `max`
 * characters; '' when nothing usable is left.
 */
export function fileNameSegment(text: string, max = 80): string {
  const clean = text
    .replace(LONE_SURROGATE, '-')
    .replace(new RegExp(`[/\\\\${CONTROLS}${INVISIBLE}!'()*]+`, 'g'), '-')
    .replace(/\s+/g, ' ')
    .trim();
  return [...clean].slice(0, max).join('').trim().replace(/^\.+$/, '');
}

/**
 * Text for a log line or an error message: secrets redacted, every run of control or invisible
 * characters one space (a reader sees where something was), trimmed, at most `max` characters.
 */
export function logText(text: unknown, secrets: Iterable<string> = [], max = 300): string {
  return cut(redactSecrets(asString(text), secrets).replace(UNSAFE_RUN, ' ').trim(), max, true);
}

// ---- secrets --------------------------------------------------------------------------------------

export const REDACTED = '[redacted]';

/**
 * Every occurrence of every secret replaced by `marker`. Secrets shorter than 4 characters are not
 * searched for (they would match ordinary words); apiKeyProblem refuses such keys anyway.
 */
export function redactSecrets(text: string, secrets: Iterable<string>, marker = REDACTED): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(marker);
  return out;
}

const CREDENTIAL_NAMES = 'x-api-key|secretValue|apiKey';
/** `"apiKey": "…"` in JSON text, escapes inside the value included. */
const JSON_CREDENTIAL = new RegExp(`("(?:${CREDENTIAL_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
/** `X-API-KEY: …`, `secretValue=…`, `'apiKey': '…'` outside JSON. */
const PLAIN_CREDENTIAL = new RegExp(
  `((?:^|[^\\w"-])(?:${CREDENTIAL_NAMES})['"]?\\s*[:=]\\s*['"]?)[^\\s"',}]+`,
  'gi',
);

/** Text with the value of every credential member or header replaced by `marker`, found by its name. */
export function redactCredentialText(text: string, marker = REDACTED): string {
  return text.replace(JSON_CREDENTIAL, `$1"${marker}"`).replace(PLAIN_CREDENTIAL, `$1${marker}`);
}

/** Names of members that hold a credential, wherever they appear (compared without case). */
const CREDENTIAL_MEMBERS = new Set(['apikey', 'x-api-key', 'secretvalue']);

/**
 * A copy of a JSON value with every credential member's value replaced by `marker`, found by the
 * member's name (not by matching the value, which may be escaped or split in a log).
 */
export function redactCredentials(value: unknown, marker = REDACTED): unknown {
  // Iterative, so a hostile value nested deeply cannot overflow the stack.
  type Slot = Record<string | number, unknown>;
  const out: Slot = {};
  const stack: Array<{ from: unknown; into: Slot; key: string | number }> = [
    { from: value, into: out, key: 0 },
  ];
  while (stack.length) {
    const { from, into, key } = stack.pop()!;
    if (Array.isArray(from)) {
      const arr: unknown[] = new Array(from.length);
      into[key] = arr;
      from.forEach((item, i) => stack.push({ from: item, into: arr as unknown as Slot, key: i }));
    } else if (from !== null && typeof from === 'object') {
      const obj: Slot = {};
      into[key] = obj;
      for (const [k, item] of Object.entries(from)) {
        // Assigned now so the members keep their order; filled in when popped.
        obj[k] = CREDENTIAL_MEMBERS.has(k.toLowerCase()) ? marker : undefined;
        if (obj[k] === undefined) stack.push({ from: item, into: obj, key: k });
      }
    } else into[key] = from;
  }
  return out[0];
}

/**
 * A protocol trace's data (the language client prints "Params: {…}" / "Result: {…}", or in its JSON
 * format "[Trace - time] {…}") with every credential member redacted by structure: the credentials
 * notification, the initialize options, Copy API Key's answer. Any other text as it is.
 */
export function redactTraceData(text: string, marker = REDACTED): string {
  const m = /^((?:Params|Result): |\[(?:Trace|LSP)[^\]\n]*\] )([[{][\s\S]*)$/.exec(text);
  if (!m) return text;
  try {
    const redacted = redactCredentials(JSON.parse(m[2]!), marker);
    return m[1] + JSON.stringify(redacted, null, m[2]!.trimEnd().includes('\n') ? 4 : undefined);
  } catch {
    // Not JSON after all: the caller's line redaction still applies.
    return text;
  }
}

/**
 * Why an API key cannot be used, or undefined when it can: a key travels in an HTTP header, so it may
 * hold only printable ASCII without spaces (anything else cannot be sent, and CR/LF would split the
 * header), and at least 4 characters (shorter keys could not be told from words when redacting).
 */
export function apiKeyProblem(key: string): 'empty' | 'notHeaderSafe' | 'tooShort' | undefined {
  if (key.length === 0) return 'empty';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'notHeaderSafe';
  if (key.length < 4) return 'tooShort';
  return undefined;
}
