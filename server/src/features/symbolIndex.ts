// The workspace-symbol index: the names of every component, path, boundary signature and field in the
// cache, kept per component detail object. A detail is indexed once, when it first appears (after a
// load, in slices that yield to the event loop), so a query scans a flat list of names instead of
// walking every path's fields; each distinct name is matched at most once per query.
import type { CancellationToken } from 'vscode-languageserver';
import { SymbolKind } from 'vscode-languageserver';
import type { ComponentDetail, LineagePath } from '../../../common/src/api';
import { pathFields } from './pathFields';

export interface SymbolEntry {
  /** Index into the name tables. */
  nameId: number;
  kind: SymbolKind;
  /** The path the symbol belongs to (undefined for the component itself). */
  path?: LineagePath;
  containerName?: string;
}

export interface SymbolHit {
  name: string;
  entry: SymbolEntry;
  component: ComponentDetail;
}

/** Paths indexed (or names checked) between two yields to the event loop. */
const SLICE = 5_000;
/** Distinct names kept before the tables are rebuilt from the live components only. */
const MAX_NAMES = 2_000_000;

const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SymbolCancelled extends Error {}

export class SymbolIndex {
  private names: string[] = [];
  private lower: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly byComponent = new Map<string, { detail: ComponentDetail; entries: SymbolEntry[] }>();
  private syncing: Promise<void> | undefined;
  private again = false;

  /**
   * Brings the index up to `components` (the store's, in order): new or changed details are indexed,
   * dropped ones forgotten. Concurrent calls share one run (and one more when asked meanwhile).
   */
  sync(components: () => readonly ComponentDetail[]): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        await this.syncOnce(components());
      } while (this.again);
    })().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async syncOnce(components: readonly ComponentDetail[]): Promise<void> {
    const live = new Set(components.map((c) => c.id));
    for (const id of this.byComponent.keys()) if (!live.has(id)) this.byComponent.delete(id);
    if (this.names.length > MAX_NAMES) this.reset();
    for (const c of components) {
      if (this.byComponent.get(c.id)?.detail === c) continue;
      this.byComponent.set(c.id, { detail: c, entries: await this.entriesOf(c) });
    }
  }

  private reset(): void {
    this.names = [];
    this.lower = [];
    this.ids.clear();
    this.byComponent.clear();
  }

  private nameId(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
      this.lower.push(name.toLowerCase());
    }
    return id;
  }

  private async entriesOf(c: ComponentDetail): Promise<SymbolEntry[]> {
    const entries: SymbolEntry[] = [
      { nameId: this.nameId(c.friendly_name || c.name), kind: SymbolKind.Module, containerName: c.namespace },
    ];
    let n = 0;
    for (const p of c.paths ?? []) {
      if (!p.path_id) continue;
      const pathName = `${p.ingress?.signature_name ?? '?'} → ${p.egress?.signature_name ?? '?'}`;
      entries.push({
        nameId: this.nameId(pathName),
        kind: SymbolKind.Function,
        path: p,
        containerName: c.name,
      });
      for (const side of ['ingress', 'egress'] as const) {
        const sig = p[side]?.signature_name;
        if (sig)
          entries.push({
            nameId: this.nameId(sig),
            kind: SymbolKind.Interface,
            path: p,
            containerName: `${side} of ${pathName}`,
          });
      }
      for (const f of pathFields(p))
        entries.push({
          nameId: this.nameId(f.fieldPath),
          kind: SymbolKind.Field,
          path: p,
          containerName: `${f.side} of ${pathName}`,
        });
      if (++n % SLICE === 0) await yieldNow();
    }
    return entries;
  }

  /**
   * Entries whose name contains the query's characters in order (case-insensitive), in the order of
   * `components`, at most `max`. Yields between slices; throws SymbolCancelled when cancelled.
   */
  async search(
    components: readonly ComponentDetail[],
    query: string,
    max: number,
    token?: CancellationToken,
  ): Promise<SymbolHit[]> {
    const q = query.toLowerCase();
    // 0: not checked yet, 1: matches, 2: does not.
    const verdict = new Uint8Array(this.names.length);
    const out: SymbolHit[] = [];
    let checked = 0;
    for (const c of components) {
      const indexed = this.byComponent.get(c.id);
      if (indexed?.detail !== c) continue;
      for (const entry of indexed.entries) {
        let v = verdict[entry.nameId];
        if (v === 0) {
          v = verdict[entry.nameId] = subsequence(q, this.lower[entry.nameId]!) ? 1 : 2;
          if (++checked % SLICE === 0) {
            await yieldNow();
            if (token?.isCancellationRequested) throw new SymbolCancelled();
          }
        }
        if (v !== 1) continue;
        out.push({ name: this.names[entry.nameId]!, entry, component: c });
        if (out.length >= max) return out;
      }
    }
    return out;
  }
}

/** Whether the characters of `q` appear in `name` in order. */
function subsequence(q: string, name: string): boolean {
  let i = 0;
  for (let k = 0; k < q.length; k++) {
    i = name.indexOf(q[k]!, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}
