// The syntax tree of an open path document, parsed once per document version and shared by
// validation, hover and go-to-definition: a hover in a 700 KB document then looks up one node
// instead of scanning the text up to the cursor.
import { findNodeAtOffset, getNodePath, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export interface ParsedPathText {
  root: Node | undefined;
  errors: ParseError[];
}

export function parsePathText(text: string): ParsedPathText {
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

/** The JSON path (member names, array indexes) of the node under an offset, as jsonc's getLocation gives it. */
export function jsonPathAt(doc: TextDocument, offset: number): Array<string | number> {
  const { root } = parsedPathDocument(doc);
  const node = root ? findNodeAtOffset(root, offset, true) : undefined;
  return node ? getNodePath(node) : [];
}
