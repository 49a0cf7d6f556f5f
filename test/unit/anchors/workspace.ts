// Test helpers for the anchor index: a real workspace in a temp dir, a readFile spy over the real fs,
// anchor entries, and an editor that applies incremental changes the way a client sends them.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import {
  AnchorIndex,
  expectedNamesFor,
  fileUri,
  otherNamesFor,
  type AnchorEntry,
  type AnchorIndexOptions,
  type TrackedAnchor,
  type WorkspaceFolderInfo,
} from '../../../server/src/anchors';

export class TempWorkspace {
  /** Every path readFile was asked for, in order. */
  readonly reads: string[] = [];

  private constructor(readonly root: string) {}

  static async create(): Promise<TempWorkspace> {
    return new TempWorkspace(await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-'))));
  }

  abs(rel: string): string {
    return path.join(this.root, ...rel.split('/'));
  }

  async write(rel: string, text: string): Promise<string> {
    const p = this.abs(rel);
    await fs.mkdir(path.dirname(p), { recursive: true });
    await fs.writeFile(p, text);
    return p;
  }

  folder(rel: string, projectRoot = ''): WorkspaceFolderInfo {
    return { uri: fileUri(this.abs(rel)), fsPath: this.abs(rel), projectRoot };
  }

  readonly readFile = async (p: string): Promise<string | undefined> => {
    this.reads.push(p);
    try {
      return await fs.readFile(p, 'utf8');
    } catch {
      return undefined;
    }
  };

  index(
    folders: WorkspaceFolderInfo[],
    extra: Pick<AnchorIndexOptions, 'listFiles' | 'definitions'> = {},
  ): AnchorIndex {
    const index = new AnchorIndex({ folders, readFile: this.readFile, ...extra });
    // Remembers the entries so allAnchors can look every one of them up through the index's own API.
    const setAnchors = index.setAnchors.bind(index);
    index.setAnchors = (entries) => {
      indexEntries.set(index, entries);
      return setAnchors(entries);
    };
    return index;
  }

  uri(rel: string): string {
    return fileUri(this.abs(rel));
  }

  async dispose(): Promise<void> {
    await fs.rm(this.root, { recursive: true, force: true });
  }
}

const indexEntries = new WeakMap<AnchorIndex, readonly AnchorEntry[]>();

/** Every anchor of the entries last given to an index of TempWorkspace.index, in entry order. */
export function allAnchors(index: AnchorIndex): TrackedAnchor[] {
  return (indexEntries.get(index) ?? []).map((e) =>
    index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!,
  );
}

/** Diagnostics by file URI for every file that has anchors (an empty array when it has none to report). */
export function allDiagnostics(index: AnchorIndex): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const t of allAnchors(index))
    if (t.uri && !out.has(t.uri)) out.set(t.uri, index.diagnosticsFor(t.uri));
  return out;
}

let counter = 0;
export function entry(
  anchor: Partial<PathCodeAnchor>,
  expectedNames: string[] = [],
  componentId = 'orders-svc',
  pathId = 'p1',
): AnchorEntry {
  return { componentId, pathId, anchor: { anchor_id: `a${++counter}`, ...anchor }, expectedNames };
}

let pathCounter = 0;
/**
 * An anchor's entry as the server makes it from its path: the expected and other names read from the
 * path's boundaries (named as scanners name them), with the path's scanned commit when given.
 */
export function pathEntry(
  componentId: string,
  anchor: Omit<PathCodeAnchor, 'anchor_id'>,
  path: Parameters<typeof expectedNamesFor>[1],
  commit?: string,
): AnchorEntry {
  const n = ++pathCounter;
  const a: PathCodeAnchor = { anchor_id: `id${n}`, ...anchor };
  const otherNames = otherNamesFor(a, path);
  return {
    componentId,
    pathId: `p${n}`,
    anchor: a,
    expectedNames: expectedNamesFor(a, path),
    ...(otherNames ? { otherNames } : {}),
    ...(commit ? { commit } : {}),
  };
}

export function range(sl: number, sc: number, el: number, ec: number): Range {
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

/** An open document whose edits go to the index as incremental didChange events. */
export class Editor {
  private doc: TextDocument;

  constructor(
    private readonly index: AnchorIndex,
    readonly uri: string,
    text: string,
  ) {
    this.doc = TextDocument.create(uri, 'typescript', 1, text);
    index.openDocument(uri, text);
  }

  get text(): string {
    return this.doc.getText();
  }

  /** One didChange event with these changes, applied in order (each in the coordinates left by the previous). */
  edit(...changes: Array<{ range: Range; text: string }>): void {
    const events: TextDocumentContentChangeEvent[] = changes;
    this.doc = TextDocument.update(this.doc, events, this.doc.version + 1);
    this.index.changeDocument(this.uri, events, this.doc.getText());
  }

  insert(line: number, character: number, text: string): void {
    this.edit({ range: range(line, character, line, character), text });
  }

  /** Deletes whole lines first..last (0-based, inclusive). */
  deleteLines(first: number, last: number): void {
    this.edit({ range: range(first, 0, last + 1, 0), text: '' });
  }

  replaceAll(text: string): void {
    this.doc = TextDocument.update(this.doc, [{ text }], this.doc.version + 1);
    this.index.changeDocument(this.uri, [{ text }], text);
  }
}

/** Resolves with the URIs of the next onDidChange event. */
export function nextChange(index: AnchorIndex): Promise<string[]> {
  return new Promise((resolve) => {
    const d = index.onDidChange((uris) => {
      d.dispose();
      resolve(uris);
    });
  });
}

export const ORDERS_TS = [
  "import { send } from './transport';", // 1
  '', // 2
  'export function parseOrder(raw: string) {', // 3
  '  const order = JSON.parse(raw);', // 4
  '  return order;', // 5
  '}', // 6
  '', // 7
  '', // 8
  '', // 9
  '', // 10
  '', // 11
  'export function shipOrder(order: Order) {', // 12
  '  send(order);', // 13
  '}', // 14
  '',
].join('\n');
