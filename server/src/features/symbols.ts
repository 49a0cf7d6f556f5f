// Workspace symbols: components, paths, boundaries and fields, each leading to its anchor (or to the
// path document when the anchor is not in this workspace). Names come from the SymbolIndex; only the
// results (at most MAX_RESULTS) are located.
import type { CancellationToken, Location, SymbolInformation } from 'vscode-languageserver';
import type { ComponentDetail, LineagePath } from '../../../common/src/api';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';
import type { AnchorReader, ComponentReader } from '../session/parts';
import type { SymbolIndex } from './symbolIndex';

const MAX_RESULTS = 500;
/** Paths looked at for a component's own location (its first anchored path). */
const COMPONENT_LOCATION_PATHS = 1_000;
const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export async function workspaceSymbols(
  session: { index: AnchorReader; store: ComponentReader },
  symbols: SymbolIndex,
  query: string,
  uriOf: PathDocumentUriOf,
  token?: CancellationToken,
): Promise<SymbolInformation[]> {
  await symbols.sync(() => session.store.all());
  const components = session.store.all();
  const hits = await symbols.search(components, query, MAX_RESULTS, token);
  const anchored = (c: ComponentDetail, p: LineagePath): Location | undefined => {
    if (!p.path_id) return undefined;
    for (const a of p.code_anchors ?? []) {
      const t = session.index.anchor(c.id, p.path_id, a.anchor_id);
      if (t?.uri && t.range && (t.state === 'resolved' || t.state === 'relocated'))
        return { uri: t.uri, range: t.range };
    }
    return undefined;
  };
  const located = (c: ComponentDetail, p: LineagePath): Location =>
    anchored(c, p) ?? { uri: uriOf(c.id, p.path_id!), range: TOP };
  const out: SymbolInformation[] = [];
  for (const { name, entry, component: c } of hits) {
    let location: Location | undefined;
    if (entry.path) location = located(c, entry.path);
    else {
      const paths = (c.paths ?? []).slice(0, COMPONENT_LOCATION_PATHS);
      for (const p of paths) if ((location = anchored(c, p))) break;
      const first = paths.find((p) => p.path_id);
      location ??= first ? { uri: uriOf(c.id, first.path_id!), range: TOP } : undefined;
    }
    if (location) out.push({ name, kind: entry.kind, location, containerName: entry.containerName });
  }
  return out;
}
