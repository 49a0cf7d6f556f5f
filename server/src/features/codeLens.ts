// A lens above each anchored range: "N lineage paths · pii, secret", revealing the path in the tree.
import type { CodeLens } from 'vscode-languageserver';
import { COMMANDS, type PathRef } from '../../../common/src/protocol';
import { iconLabelText } from '../../../common/src/untrustedText';
import type { Session } from '../session/session';
import { tagsTouched } from './pathFields';

export function codeLenses(session: Session, uri: string): CodeLens[] {
  const byLine = new Map<number, { refs: PathRef[]; keys: Set<string>; tags: Set<string>; line: number }>();
  for (const a of session.index.anchorsInFile(uri)) {
    if (!a.range || (a.state !== 'resolved' && a.state !== 'relocated')) continue;
    const line = a.range.start.line;
    let g = byLine.get(line);
    if (!g) byLine.set(line, (g = { refs: [], keys: new Set(), tags: new Set(), line }));
    const key = `${a.entry.componentId}/${a.entry.pathId}`;
    if (g.keys.has(key)) continue;
    g.keys.add(key);
    g.refs.push({ componentId: a.entry.componentId, pathId: a.entry.pathId });
    const path = session.store.findPath(a.entry.componentId, a.entry.pathId);
    if (path) for (const t of tagsTouched(path)) g.tags.add(t);
  }
  const lenses: CodeLens[] = [];
  for (const g of [...byLine.values()].sort((a, b) => a.line - b.line)) {
    const n = g.refs.length;
    const tags = [...g.tags].sort();
    // Tag names are service text; a lens title draws `$(icon)`, so they are cleaned as an icon label.
    const tagText = tags.length ? ` · ${iconLabelText(tags.join(', '), 80)}` : '';
    lenses.push({
      range: { start: { line: g.line, character: 0 }, end: { line: g.line, character: 0 } },
      command: {
        title: `${n} lineage path${n === 1 ? '' : 's'}${tagText}`,
        command: COMMANDS.revealPath,
        arguments: g.refs,
      },
    });
  }
  return lenses;
}
