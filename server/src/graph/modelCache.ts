// The lineage model of the cache as it is now: built once per change of the cache (ComponentStore.version),
// in time slices, and shared by every request that needs it meanwhile.
import type { ComponentStore } from '../session/componentStore';
import { LineageModel, type ModelOptions } from './lineageModel';

/** The model for the store's current data, built once per change of the cache. */
export class LineageModelCache {
  private built: { version: number; model: LineageModel } | undefined;

  constructor(
    private readonly store: Pick<ComponentStore, 'version' | 'all' | 'edges'>,
    private readonly options: Omit<ModelOptions, 'sliced'> = {},
  ) {}

  /** The model once built in slices (the event loop serves requests meanwhile). */
  async ready(): Promise<LineageModel> {
    const v = this.store.version;
    if (this.built?.version !== v)
      this.built = {
        version: v,
        model: new LineageModel(this.store.all(), this.store.edges(), { ...this.options, sliced: true }),
      };
    const { model } = this.built;
    await model.finish();
    return model;
  }

  /** The model of the cache as it is now, if its build has finished; else undefined (none started). */
  current(): LineageModel | undefined {
    const b = this.built;
    return b?.version === this.store.version && b.model.finished ? b.model : undefined;
  }
}
