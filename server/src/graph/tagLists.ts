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
   * Each tag (name, hops, colour) as one frozen object, by its key: lists that differ share the tags
   * they have in common (a field's depends-on list is one of thousands, its tags a few dozen in all).
   */
  private readonly tags = new Map<string, GraphTag>();

  /**
   * The shared list of the tags a field depends on, from each tag's least hops and the tag met first at
   * those hops (for its colour): by name, looked up by its key first, so that it is made only if new.
   */
  ofLeast(first: ReadonlyMap<string, GraphTag>, hops: ReadonlyMap<string, number>): GraphTag[] {
    const names = [...hops.keys()].sort(compareText);
    let key = '';
    for (const n of names) key = this.keyOf(key, n, hops.get(n), first.get(n)!.color);
    return this.keyed(key, () =>
      names.map((n) => {
        const f = first.get(n)!;
        return this.tag(f.name, hops.get(n), f.color, true);
      }),
    );
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
      (tags ?? []).map((t) => this.tag(t.name, withHops ? t.nearest_hops : undefined, t.color, withHops)),
    );
  }

  /** The one frozen tag of that name, hops and colour (`hops` a member, perhaps undefined, if `withHops`). */
  private tag(
    name: string,
    hops: number | undefined,
    color: string | undefined,
    withHops: boolean,
  ): GraphTag {
    const key = this.keyOf(withHops ? WITH_HOPS : '', name, withHops ? hops : undefined, color);
    let tag = this.tags.get(key);
    if (!tag) {
      const made: GraphTag = withHops ? { name, hops } : { name };
      if (color !== undefined) made.color = color;
      this.tags.set(key, (tag = Object.freeze(made)));
    }
    return tag;
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
    if (!list) this.lists.set(key, (list = Object.freeze(make())));
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
/** Starts a depends-on tag's own key: it has a hops member, perhaps undefined, where an applied tag has none. */
const WITH_HOPS = '\ufff3';
