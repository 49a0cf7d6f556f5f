// Whether a hover the language server answered links to the lineage graph: the client then asks the
// server to warm its layout process up ahead of a click (client/src/languageClient.ts's middleware).
// Plain text in, so it is testable without VS Code.
import { COMMANDS } from '../../../common/src/protocol';

export function hoverOffersGraph(markdown: readonly string[]): boolean {
  const link = `](command:${COMMANDS.showGraph}`;
  return markdown.some((m) => m.includes(link));
}
