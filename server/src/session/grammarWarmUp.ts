// The grammars' warm-up: started once, when the user is first signed in (the grammars then compile
// while the components load, so the first relocation does not wait for them), and logged when done.
import type { AnchorIndex } from '../anchors';
import type { OnceLogger } from '../util/log';

export class GrammarWarmUp {
  private started: Promise<void> | undefined;

  constructor(
    private readonly index: Pick<AnchorIndex, 'warmSyntax'>,
    private readonly log: Pick<OnceLogger, 'info'>,
  ) {}

  /** Starts the warm-up in the background (later calls do nothing); resolves once it is logged as done. */
  start(): Promise<void> {
    if (this.started) return this.started;
    const t0 = performance.now();
    this.started = this.index.warmSyntax().then(() => {
      this.log.info(`Syntax grammars loaded in ${Math.round(performance.now() - t0)} ms.`);
    });
    return this.started;
  }
}
