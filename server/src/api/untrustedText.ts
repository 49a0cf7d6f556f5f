// Text that came from the service (or holds values derived from it) is untrusted: it is cleaned
// before it reaches an error message, and the API key is redacted in case a hostile service echoes it.

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;
const MAX_CHARS = 300;

/** One line, no control or bidi characters, at most MAX_CHARS characters, the key replaced. */
export function cleanText(text: string, apiKey: string, max = MAX_CHARS): string {
  let out = redactKey(text, apiKey).replace(CONTROL, ' ').trim();
  if (out.length > max) out = `${out.slice(0, max - 1)}…`;
  return out;
}

/** Every occurrence of the key replaced. Keys shorter than 4 characters are not searched for
 *  (they would match ordinary words), and such keys are refused by validateConfig anyway. */
export function redactKey(text: string, apiKey: string): string {
  if (apiKey.length < 4) return text;
  return text.split(apiKey).join('[redacted]');
}
