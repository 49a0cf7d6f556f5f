// The syntax tree of an open path document, parsed once per document version and shared by
// validation, hover and go-to-definition: a hover in a 700 KB document then looks up one node
// instead of scanning the text up to the cursor.
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { jsonNestsDeeperThan } from '../../../common/src/api/jsonDepth';

export interface ParsedPathText {
  root: Node | undefined;
  errors: ParseError[];
  /**
   * The text nests values deeper than any JSON the service takes or sends (MAX_JSON_DEPTH): nothing of
   * it was read (the parser recurses once per level, and tens of thousands exhaust the stack).
   */
  tooDeep?: boolean;
}

export function parsePathText(text: string): ParsedPathText {
  if (jsonNestsDeeperThan(text)) return { root: undefined, errors: [], tooDeep: true };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  return { root, errors };
}

// Keyed by the document object (incremental updates keep it), checked against its version.
const trees = new WeakMap<TextDocument, { version: number; parsed: ParsedPathText }>();

export function parsedPathDocument(doc: TextDocument): ParsedPathText {
  const hit = trees.get(doc);
  if (hit && hit.version === doc.version) return hit.parsed;
  const parsed = parsePathText(doc.getText());
  trees.set(doc, { version: doc.version, parsed });
  return parsed;
}

/**
 * The innermost node under an offset (jsonc-parser's findNodeAtOffset with the right bound included),
 * found by a binary search among each node's children, which the parser keeps sorted and disjoint: in
 * an array of 5,000 mappings a hover looks at about 13 of them, not at every one before the cursor.
 */
export function nodeAtOffset(root: Node, offset: number): Node | undefined {
  if (offset < root.offset || offset > root.offset + root.length) return undefined;
  let node = root;
  for (;;) {
    const kids = node.children;
    if (!kids?.length) return node;
    // The first child that ends at or after the offset is the only one that can hold it.
    let lo = 0;
    let hi = kids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = kids[mid]!;
      if (c.offset + c.length < offset) lo = mid + 1;
      else hi = mid;
    }
    const hit = kids[lo];
    if (!hit || hit.offset > offset) return node;
    node = hit;
  }
}

/** The node under an offset in the document's tree of this version. */
export function pathNodeAt(doc: TextDocument, offset: number): Node | undefined {
  const { root } = parsedPathDocument(doc);
  return root ? nodeAtOffset(root, offset) : undefined;
}

/** The index of a child among its siblings, by the same binary search (getNodePath's indexOf scans). */
function indexOfChild(kids: readonly Node[], child: Node): number {
  let lo = 0;
  let hi = kids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = kids[mid]!;
    if (c === child) return mid;
    if (c.offset < child.offset) lo = mid + 1;
    else hi = mid - 1;
  }
  return kids.indexOf(child);
}

/** The JSON path (member names, array indexes) of a node, as jsonc's getNodePath gives it. */
export function nodePath(node: Node): Array<string | number> {
  const path: Array<string | number> = [];
  for (let n = node; n.parent?.children; n = n.parent) {
    const p = n.parent;
    if (p.type === 'property') path.push(p.children![0]!.value as string);
    else if (p.type === 'array') path.push(indexOfChild(p.children!, n));
  }
  return path.reverse();
}
