// Between source and path documents: in a path document every code anchor is a link and a definition
// target into the source; in source, Go to Definition lists the path documents anchored there.
import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { DocumentLink, Location, LocationLink, Position, Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parsePathDocumentUri } from '../../../common/src/protocol';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';
import { renderPathDocument } from '../pathDocs/render';
import { parsedPathDocument, parsePathText } from '../pathDocs/parsedDocument';
import type { AnchorReader, ComponentReader } from '../session/parts';

/** What definitions read: the anchor index and the cached paths. */
type Sources = { index: AnchorReader; store: ComponentReader };

const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Anchor objects of a path document with their ids and text spans. */
function anchorNodes(root: Node | undefined): Array<{ anchorId: string; node: Node; fileNode?: Node }> {
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
  session: Sources,
  componentId: string,
  pathId: string,
  anchorId: string,
): Location | undefined {
  const t = session.index.anchor(componentId, pathId, anchorId);
  if (
    !t?.uri ||
    !t.range ||
    t.state === 'outsideWorkspace' ||
    t.state === 'unresolved' ||
    t.state === 'ambiguous'
  )
    return undefined;
  return { uri: t.uri, range: t.range };
}

/** `file:///x.ts#L12,5`: editors open the file at that line (1-based, as VS Code expects). */
function withPosition(uri: string, pos: Position): string {
  return `${uri}#L${pos.line + 1},${pos.character + 1}`;
}

export function pathDocumentLinks(session: Sources, doc: TextDocument): DocumentLink[] {
  const ref = parsePathDocumentUri(doc.uri);
  if (!ref) return [];
  const links: DocumentLink[] = [];
  for (const a of anchorNodes(parsedPathDocument(doc).root)) {
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
  session: Sources,
  doc: TextDocument,
  pos: Position,
): LocationLink[] | null {
  const ref = parsePathDocumentUri(doc.uri);
  if (!ref) return null;
  const offset = doc.offsetAt(pos);
  for (const a of anchorNodes(parsedPathDocument(doc).root)) {
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

/**
 * Where an anchor's entry is in its path document: the `anchor_id` value of its `code_anchors`
 * object (the editor lands there, with the anchor's file and lines below), else the top. The text is the open document's, or the path rendered
 * as the document the editor will be given.
 */
function anchorEntryRange(text: string | undefined, anchorId: string): Range {
  if (text === undefined) return TOP;
  const entry = anchorNodes(parsePathText(text).root).find((a) => a.anchorId === anchorId);
  const id = entry && findNodeAtLocation(entry.node, ['anchor_id']);
  if (!id) return TOP;
  const lines = lineStarts(text);
  return { start: positionOf(lines, id.offset), end: positionOf(lines, id.offset + id.length) };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function positionOf(starts: number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo]! };
}

/**
 * Path documents anchored at a place in source, each at the anchor's own entry in `code_anchors`;
 * `uriOf` names a path's document (see pathDocumentUris.ts), `textOf` gives the text of an open one.
 */
export function sourceDefinition(
  session: Sources,
  uri: string,
  pos: Position,
  uriOf: PathDocumentUriOf,
  textOf: (uri: string) => string | undefined,
): Location[] | null {
  const seen = new Set<string>();
  const out: Location[] = [];
  for (const a of session.index.anchorsAt(uri, pos)) {
    const target = uriOf(a.entry.componentId, a.entry.pathId);
    if (seen.has(target)) continue;
    seen.add(target);
    const path = session.store.findPath(a.entry.componentId, a.entry.pathId);
    const text = textOf(target) ?? (path ? renderPathDocument(path).text : undefined);
    out.push({ uri: target, range: anchorEntryRange(text, a.entry.anchor.anchor_id) });
  }
  return out.length ? out : null;
}
