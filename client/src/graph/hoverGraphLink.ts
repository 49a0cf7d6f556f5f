// The lineage-graph link in a hover the language server answered, and the argument its command gets:
// the client then asks the server to lay the graph out ahead of a click (languageClient.ts's middleware).
// Plain text in, so it is testable without VS Code.
import { COMMANDS } from '../../../common/src/protocol';

/**
 * The first lineage-graph link's command argument (`arg` undefined when it cannot be read: the link is
 * still there), or undefined when the hover has no such link.
 */
export function hoverGraphLink(markdown: readonly string[]): { arg: unknown } | undefined {
  const start = `](command:${COMMANDS.showGraph}`;
  for (const m of markdown) {
    const at = m.indexOf(start);
    if (at < 0) continue;
    const rest = m.slice(at + start.length);
    // The server writes `?` and the URI-encoded JSON array of arguments, which has no `)` left in it.
    const query = /^\?([^)\s]*)\)/.exec(rest)?.[1];
    return { arg: query ? firstArgument(query) : undefined };
  }
  return undefined;
}

function firstArgument(query: string): unknown {
  try {
    const args: unknown = JSON.parse(decodeURIComponent(query));
    return Array.isArray(args) ? args[0] : undefined;
  } catch {
    return undefined;
  }
}
