// The worker thread of `lineage-lens impact` (modelThread.ts starts it and feeds it): parses the
// component answers the main thread accepted as they arrive, finds the workspace's contract files,
// and once the load is complete builds the lineage model at once (nothing else runs on this thread)
// and says it is ready; then answers the engine's questions.
import { parentPort, workerData } from 'node:worker_threads';
import type { ComponentDetail, ComponentDetailResponse } from '../../../common/src/api';
import { pathLineages, producersOf } from '../changeImpact/impactLineage';
import { ContractCatalog, type ContractEntry } from '../graph/contractCatalog';
import { LineageModel } from '../graph/lineageModel';
import type { FromWorker, ModelThreadOptions, ToWorker } from './modelThread';

const port = parentPort;
const post = (m: FromWorker) => port?.postMessage(m);
const decoder = new TextDecoder();

if (port) {
  const o = workerData as ModelThreadOptions;
  const catalog = new ContractCatalog();
  catalog.setFolders([o.folder]);
  const contracts = catalog.list();
  const details = new Map<string, ComponentDetail>();
  let built: Promise<{ model: LineageModel; contracts: ContractEntry[] }> | undefined;

  const build = async (ids: string[], edges: ConstructorParameters<typeof LineageModel>[1]) => {
    const list: ComponentDetail[] = [];
    for (const id of ids) {
      const d = details.get(id);
      if (!d) throw new Error(`The lineage model's thread did not receive component ${id}.`);
      list.push(d);
    }
    return { model: new LineageModel(list, edges, { tags: false }), contracts: await contracts };
  };

  port.on('message', (m: ToWorker) => {
    switch (m.kind) {
      case 'component':
        // The main thread checked these bytes against the schema before handing them over.
        details.set(m.id, (JSON.parse(decoder.decode(m.body)) as ComponentDetailResponse).component);
        return;
      case 'loaded':
        built = build(m.ids, m.edges);
        built.then(
          () => post({ kind: 'ready' }),
          (err: unknown) => post({ kind: 'failed', message: (err as Error)?.message ?? String(err) }),
        );
        return;
      default: {
        const q = m;
        if (!built) {
          post({ kind: 'error', id: q.id, message: 'The lineage model was asked for before the load.' });
          return;
        }
        built
          .then(({ model, contracts }) =>
            q.kind === 'paths'
              ? pathLineages(model, contracts, q.keys, q.max)
              : producersOf(model, q.darn, q.names),
          )
          .then(
            (value) => post({ kind: 'answer', id: q.id, value }),
            (err: unknown) =>
              post({ kind: 'error', id: q.id, message: (err as Error)?.message ?? String(err) }),
          );
      }
    }
  });
}
