// The lineage model's shared tag lists: every field that carries the same tags (applied, or depended on
// with the same hops) holds one frozen list, found by a compact key while the model is built.
import type { GraphTag } from '../../../common/src/protocol';
import { compareText } from '../../../common/src/textOrder';

/**
 * Tag lists shared by every field that carries the same one: a depends-on list is repeated on most
 * fields downstream of a tagged one, so a copy per field would grow with fields × tags. Frozen, as
 * everyone reads them.
 */
export class TagLists {
  private readonly lists = new Map<string, readonly GraphTag[]>();
  /**
   * Each tag name and colour met, numbered from 1: a list's key holds three short codes per tag rather
   * than its strings, as the key of every field's list is made to look it up.
   */
  private readonly words = new Map<string, number>();

  /**
   * The shared list of the tags a field depends on, from each tag's least hops and the tag met first at
   * those hops (for its colour): by name, looked up by its key first, so that it is made only if new.
   */
  ofLeast(first: ReadonlyMap<string, GraphTag>, hops: ReadonlyMap<string, number>): GraphTag[] {
    const names = [...hops.keys()].sort(compareText);
    let key = '';
    for (const n of names) key = this.keyOf(key, n, hops.get(n), first.get(n)!.color);
    return this.keyed(key, () => names.map((n) => ({ ...first.get(n)!, hops: hops.get(n) })));
  }

  /**
   * The shared list for the tags of a service answer (applied tags, or depends-on tags with their hop
   * counts): looked up by its key first, so the graph's tags are made only for a list not seen yet.
   */
  fromAnswer(
    tags: ReadonlyArray<{ name: string; nearest_hops?: number; color?: string }> | undefined,
    withHops: boolean,
  ): GraphTag[] {
    let key = '';
    for (const t of tags ?? []) key = this.keyOf(key, t.name, withHops ? t.nearest_hops : undefined, t.color);
    return this.keyed(key, () =>
      (tags ?? []).map((t) => {
        const tag: GraphTag = withHops ? { name: t.name, hops: t.nearest_hops } : { name: t.name };
        if (t.color !== undefined) tag.color = t.color;
        return tag;
      }),
    );
  }

  /** A tag list's key, one tag added: its name, hops and colour, each as a code (codeOf). */
  private keyOf(key: string, name: string, hops: number | undefined, color: string | undefined): string {
    return (
      key + codeOf(this.word(name)) + (hops === undefined ? NO_HOPS : codeOf(hops)) + codeOf(this.word(color))
    );
  }

  private word(s: string | undefined): number {
    if (s === undefined) return 0;
    let n = this.words.get(s);
    if (n === undefined) this.words.set(s, (n = this.words.size + 1));
    return n;
  }

  private keyed(key: string, make: () => GraphTag[]): GraphTag[] {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = Object.freeze(make().map((t) => Object.freeze(t)))));
    return list as GraphTag[];
  }
}

/**
 * A number in a key: one character for a small whole number, else its digits between two markers no
 * such character takes, so that codes read back one way only (hop counts come from the service).
 */
function codeOf(n: number): string {
  return Number.isInteger(n) && n >= 0 && n < 0xfff0 ? String.fromCharCode(n) : `\ufff0${n}\ufff1`;
}
const NO_HOPS = '\ufff2';
