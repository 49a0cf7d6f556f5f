// Workspace symbols: components, paths, boundaries and fields, each leading to its anchor (or to the
// path document when the anchor is not in this workspace).
import { SymbolKind, type Location, type SymbolInformation } from 'vscode-languageserver';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';
import type { Session } from '../session/session';
import { pathFields } from './pathFields';

const MAX_RESULTS = 500;
const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function matches(query: string, name: string): boolean {
  if (!query) return true;
  const n = name.toLowerCase();
  let i = 0;
  for (const ch of query.toLowerCase()) {
    i = n.indexOf(ch, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}

export function workspaceSymbols(
  session: Session,
  query: string,
  uriOf: PathDocumentUriOf,
): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const push = (name: string, kind: SymbolKind, location: Location, containerName?: string): boolean => {
    if (matches(query, name)) out.push({ name, kind, location, containerName });
    return out.length >= MAX_RESULTS;
  };
  for (const c of session.store.all()) {
    const paths = c.paths ?? [];
    let componentLocation: Location | undefined;
    const pathEntries: Array<() => boolean> = [];
    for (const p of paths) {
      if (!p.path_id) continue;
      const pathId = p.path_id;
      const anchor = (p.code_anchors ?? [])
        .map((a) => session.index.anchor(c.id, pathId, a.anchor_id))
        .find((t) => t?.uri && t.range && (t.state === 'resolved' || t.state === 'relocated'));
      const location: Location =
        anchor?.uri && anchor.range
          ? { uri: anchor.uri, range: anchor.range }
          : { uri: uriOf(c.id, pathId), range: TOP };
      if (anchor) componentLocation ??= location;
      const pathName = `${p.ingress?.signature_name ?? '?'} → ${p.egress?.signature_name ?? '?'}`;
      pathEntries.push(() => {
        if (push(pathName, SymbolKind.Function, location, c.name)) return true;
        for (const side of ['ingress', 'egress'] as const) {
          const sig = p[side]?.signature_name;
          if (sig && push(sig, SymbolKind.Interface, location, `${side} of ${pathName}`)) return true;
        }
        for (const f of pathFields(p))
          if (push(f.fieldPath, SymbolKind.Field, location, `${f.side} of ${pathName}`)) return true;
        return false;
      });
    }
    const first = paths.find((p) => p.path_id);
    componentLocation ??= first?.path_id ? { uri: uriOf(c.id, first.path_id), range: TOP } : undefined;
    if (
      componentLocation &&
      push(c.friendly_name || c.name, SymbolKind.Module, componentLocation, c.namespace)
    )
      return out;
    for (const e of pathEntries) if (e()) return out;
  }
  return out;
}
