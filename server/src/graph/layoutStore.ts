// Layouts kept across sessions, in a directory of the user's own (the extension's global storage): a
// graph opened again in a later session — most often the neighbourhood of the component one works on —
// is drawn on the layout it had, at once and where the user saw it, without starting the layout
// process. A layout depends only on the graph's shape (graphShape: components, boundaries, rows and
// the direction; every box has a fixed width) and on the edges it routed, so one kept for a shape is
// exact for it whatever the labels say now; the in-memory LayoutReuse then decides, as it does within a
// session, whether a graph's edges fit it.
//
// One file per layout, named by the SHA-256 of its shape and of the build that made it (a layout of
// another version of the extension, whose layout options or elkjs may differ, is never used), holding
// that digest again, the edges and bundles it routed (ids and ends) and the boxes and routes by id: no
// labels, tags or field names beyond what ids hold. Written owner-only and replaced by rename (a reader
// never sees half a file); read only from a directory and files private to this user. A file that
// cannot be read, is larger than MAX_FILE_BYTES, fails its schema or holds another digest is ignored
// and removed. The MAX_FILES most recently used are kept.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { isValid } from '../../../common/src/api/validate';
import { GraphLayoutSchema, layoutToWire } from '../../../common/src/graphLayout/wire';
import { isPrivate } from '../util/codeCache';
import type { KeptLayout } from './layoutReuse';

/** How many layouts are kept (the most recently used). */
export const MAX_FILES = 64;
/** A layout file larger than this is neither written nor read (a 3-hop graph of 100 components: ~150 KB). */
export const MAX_FILE_BYTES = 4 * 1_048_576;
const FORMAT = 1;
const SUFFIX = '.layout.json';

const Pairs = Type.Array(Type.Tuple([Type.String({ maxLength: 4_096 }), Type.String({ maxLength: 8_192 })]), {
  maxItems: 50_000,
});
const StoredLayoutSchema = Type.Object({
  format: Type.Literal(FORMAT),
  shape: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  edges: Pairs,
  bundles: Pairs,
  layout: GraphLayoutSchema,
});

/** The digest naming the layout of `shape` made by `build`. */
export function layoutDigest(build: string, shape: string): string {
  return createHash('sha256').update(build).update('\0').update(shape).digest('hex');
}

/** The running build's identity: the digest of the server's own bundle (the layout code is in it). */
async function bundleDigest(): Promise<string> {
  return createHash('sha256')
    .update(await readFile(__filename))
    .digest('hex');
}

export class LayoutStore {
  /** Writes still in flight (a test, or a server exiting, can wait for them). */
  private writing: Promise<void> = Promise.resolve();
  /** Whether a failed write was logged (one line says it; each layout after would say it again). */
  private toldWriteFailure = false;
  /** The build's identity, read when the store is first used (a session without a graph never reads it). */
  private buildRead: Promise<string | undefined> | undefined;

  /** `build`: the identity of the code that lays graphs out (default: the server bundle's digest). */
  constructor(
    readonly dir: string,
    private readonly log?: (message: string) => void,
    private readonly buildGiven?: string,
  ) {}

  private get build(): Promise<string | undefined> {
    this.buildRead ??=
      this.buildGiven !== undefined
        ? Promise.resolve(this.buildGiven)
        : bundleDigest().catch(() => undefined);
    return this.buildRead;
  }

  private fileOf(digest: string): string {
    return join(this.dir, digest + SUFFIX);
  }

  /** The layout kept for `shape`, if there is a sound one; undefined otherwise (never rejects). */
  async read(shape: string): Promise<KeptLayout | undefined> {
    const build = await this.build;
    if (build === undefined) return undefined;
    const digest = layoutDigest(build, shape);
    const file = this.fileOf(digest);
    if (!isPrivate(this.dir, 'directory') || !isPrivate(file, 'file')) return undefined;
    let text: Buffer;
    try {
      text = await readFile(file);
    } catch {
      return undefined; // none kept for this shape
    }
    const kept = text.length <= MAX_FILE_BYTES ? parseStored(text, digest) : undefined;
    if (!kept) {
      this.log?.(`Lineage graph: a kept layout (${digest.slice(0, 12)}…) could not be read and was removed.`);
      await rm(file, { force: true }).catch(() => undefined);
      return undefined;
    }
    // Used now: the most recently used are the ones kept.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return kept;
  }

  /** Keeps the layout of `shape` (in the background: never rejects, never blocks a drawing). */
  write(shape: string, kept: KeptLayout): Promise<void> {
    const next = this.writing.then(() => this.writeNow(shape, kept));
    this.writing = next;
    return next;
  }

  /** Resolves once every write asked for so far has ended. */
  settled(): Promise<void> {
    return this.writing;
  }

  private async writeNow(shape: string, kept: KeptLayout): Promise<void> {
    const build = await this.build;
    if (build === undefined) return;
    const digest = layoutDigest(build, shape);
    const stored = {
      format: FORMAT,
      shape: digest,
      edges: [...kept.edges],
      bundles: [...kept.bundles],
      // The wire's form of boxes and routes; its direction is the shape's, already in the digest.
      layout: layoutToWire(kept.laid, 'RIGHT', 'kept'),
    };
    const text = JSON.stringify(stored);
    if (text.length > MAX_FILE_BYTES) return;
    const file = this.fileOf(digest);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      if (!isPrivate(this.dir, 'directory')) throw new Error(`${this.dir} is not private to this user`);
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await rm(tmp, { force: true });
      await writeFile(tmp, text, { mode: 0o600 });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      if (!this.toldWriteFailure)
        this.log?.(
          `Lineage graph: layouts cannot be kept for later sessions: ${(err as Error).message}. Graphs are still laid out; this session's are kept in memory.`,
        );
      this.toldWriteFailure = true;
      return;
    }
    this.log?.(`Lineage graph: layout kept for later sessions (${Math.ceil(text.length / 1024)} KB).`);
    await this.prune().catch(() => undefined);
  }

  /** Removes all but the MAX_FILES most recently used layouts. */
  private async prune(): Promise<void> {
    const names = (await readdir(this.dir)).filter((n) => n.endsWith(SUFFIX));
    if (names.length <= MAX_FILES) return;
    const dated = await Promise.all(
      names.map(async (n) => ({
        n,
        t: (await stat(join(this.dir, n)).catch(() => undefined))?.mtimeMs ?? 0,
      })),
    );
    dated.sort((a, b) => b.t - a.t);
    await Promise.all(dated.slice(MAX_FILES).map(({ n }) => rm(join(this.dir, n), { force: true })));
  }
}

/** The kept layout in a file's text, if it is one and is the layout of the shape with this digest. */
function parseStored(text: Buffer, digest: string): KeptLayout | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isValid(StoredLayoutSchema, value) || value.shape !== digest) return undefined;
  const l = value.layout;
  return {
    edges: new Map(value.edges),
    bundles: new Map(value.bundles),
    laid: {
      nodes: new Map(l.nodes),
      boundaries: new Map(l.boundaries),
      edges: new Map(l.routes),
      // Drawn from the graph's own crossings when the layout is used (LayoutReuse.reuse).
      bundles: [],
      width: l.width,
      height: l.height,
    },
  };
}
