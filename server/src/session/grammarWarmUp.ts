// The grammars' warm-up: the parsing runtime readied once, as the first component with code anchors
// arrives (it then compiles while the other components load), and the grammar of each language the
// anchors use started as the first component naming it arrives, so the index build finds it loaded.
// Only those: a grammar holds resident memory for the process's life. Not at sign-in: compiling the
// runtime there held up reading the edge list the load starts with, which the components wait for.
import * as path from 'node:path';
import type { ComponentDetail } from '../../../common/src/api';
import type { AnchorIndex } from '../anchors';
import type { OnceLogger } from '../util/log';

export class GrammarWarmUp {
  private started: Promise<void> | undefined;
  /** File extensions already handed on (lower case, with the dot; '' for none). */
  private readonly seen = new Set<string>();

  constructor(
    private readonly index: Pick<AnchorIndex, 'warmSyntax' | 'prepareSyntax'>,
    private readonly log: Pick<OnceLogger, 'info'>,
  ) {}

  /** Starts the warm-up in the background (later calls do nothing); resolves once it is logged as done. */
  start(): Promise<void> {
    if (this.started) return this.started;
    const t0 = performance.now();
    this.started = this.index.warmSyntax().then(() => {
      this.log.info(`Syntax runtime ready in ${Math.round(performance.now() - t0)} ms.`);
    });
    return this.started;
  }

  /** A component's detail arrived: the grammars of its anchors' languages not asked for yet start loading. */
  componentArrived(c: ComponentDetail): void {
    if (c.type !== 'CODE' || !Array.isArray(c.paths)) return;
    let files: string[] | undefined;
    let anchored = false;
    // Neighbouring anchors mostly name the same file: its extension is read once per run of it (a
    // component can have 100,000 anchors, and this runs in one turn as the answer arrives).
    let last: string | undefined;
    for (const p of c.paths) {
      for (const a of p?.code_anchors ?? []) {
        anchored = true;
        const file = a?.file;
        if (typeof file !== 'string' || file === last) continue;
        last = file;
        // As grammarFor reads a file's language: its extension, in lower case.
        const ext = path.extname(file).toLowerCase();
        if (this.seen.has(ext)) continue;
        this.seen.add(ext);
        (files ??= []).push(file);
      }
    }
    if (anchored) void this.start();
    if (files) void this.index.prepareSyntax(files);
  }
}
