// Between source and path documents: in a path document every code anchor is a link and a definition
// target into the source; in source, Go to Definition lists the path documents anchored there.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { DocumentLink, Location, LocationLink, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parsePathDocumentUri } from '../../../common/src/protocol';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';
import type { Session } from '../session/session';

const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Anchor objects of a path document with their ids and text spans. */
function anchorNodes(text: string): Array<{ anchorId: string; node: Node; fileNode?: Node }> {
  const root = parseTree(text);
  const list = root && findNodeAtLocation(root, ['code_anchors']);
  if (!list || list.type !== 'array') return [];
  const out: Array<{ anchorId: string; node: Node; fileNode?: Node }> = [];
  for (const obj of list.children ?? []) {
    const id = findNodeAtLocation(obj, ['anchor_id']);
    if (id?.type !== 'string') continue;
    const file = findNodeAtLocation(obj, ['file']);
    out.push({
      anchorId: id.value as string,
      node: obj,
      fileNode: file?.type === 'string' ? file : undefined,
    });
  }
  return out;
}

function targetOf(
  session: Session,
  componentId: string,
  pathId: string,
  anchorId: string,
): Location | undefined {
  const t = session.index.anchor(componentId, pathId, anchorId);
  if (!t?.uri || !t.range || t.state === 'outsideWorkspace' || t.state === 'unresolved') return undefined;
  return { uri: t.uri, range: t.range };
}

/** `file:///x.ts#L12,5`: editors open the file at that line (1-based, as VS Code expects). */
function withPosition(uri: string, pos: Position): string {
  return `${uri}#L${pos.line + 1},${pos.character + 1}`;
}

export function pathDocumentLinks(session: Session, doc: TextDocument): DocumentLink[] {
  const ref = parsePathDocumentUri(doc.uri);
  if (!ref) return [];
  const links: DocumentLink[] = [];
  for (const a of anchorNodes(doc.getText())) {
    const target = targetOf(session, ref.componentId, ref.pathId, a.anchorId);
    if (!target) continue;
    const span = a.fileNode ?? a.node;
    links.push({
      range: { start: doc.positionAt(span.offset), end: doc.positionAt(span.offset + span.length) },
      target: withPosition(target.uri, target.range.start),
      tooltip: 'Open the anchored source',
    });
  }
  return links;
}

export function pathDocumentDefinition(
  session: Session,
  doc: TextDocument,
  pos: Position,
): LocationLink[] | null {
  const ref = parsePathDocumentUri(doc.uri);
  if (!ref) return null;
  const offset = doc.offsetAt(pos);
  for (const a of anchorNodes(doc.getText())) {
    if (offset < a.node.offset || offset > a.node.offset + a.node.length) continue;
    const target = targetOf(session, ref.componentId, ref.pathId, a.anchorId);
    if (!target) return null;
    return [
      {
        originSelectionRange: {
          start: doc.positionAt(a.node.offset),
          end: doc.positionAt(a.node.offset + a.node.length),
        },
        targetUri: target.uri,
        targetRange: target.range,
        targetSelectionRange: target.range,
      },
    ];
  }
  return null;
}

/** Path documents anchored at a place in source; `uriOf` names a path's document (see pathDocumentUris.ts). */
export function sourceDefinition(
  session: Session,
  uri: string,
  pos: Position,
  uriOf: PathDocumentUriOf,
): Location[] | null {
  const seen = new Set<string>();
  const out: Location[] = [];
  for (const a of session.index.anchorsAt(uri, pos)) {
    const target = uriOf(a.entry.componentId, a.entry.pathId);
    if (seen.has(target)) continue;
    seen.add(target);
    out.push({ uri: target, range: TOP });
  }
  return out.length ? out : null;
}
