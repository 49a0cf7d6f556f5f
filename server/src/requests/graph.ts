// Registers the lineage-graph requests (common/src/protocol.ts): graph (also laid out, for the panel),
// field flow, impact, targets.
import type { Connection } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { Documents } from '../workspace/documents';
import type { GraphService } from '../graph/graphService';
import type { GraphLayouts } from '../graph/graphLayouts';
import { LayoutSuperseded } from '../graph/layoutEngine';
import type { GraphLayout } from '../../../common/src/graphLayout/wire';
import { CancelledError } from '../api/errors';
import { checkedNotification, checkedRequest, request } from '../api/handlers';
import type { OnceLogger } from '../util/log';

/** How the log names where a layout came from. */
const MADE: Record<GraphLayout['made'], string> = {
  new: 'laid out',
  ahead: 'laid out ahead of the click',
  kept: 'on the kept layout',
  stored: 'on a layout kept from an earlier session',
};

export function registerGraphRequests(
  connection: Connection,
  log: OnceLogger,
  graph: GraphService,
  docs: Documents,
  layouts: GraphLayouts,
): void {
  connection.onRequest(
    P.GraphRequest,
    checkedRequest(log, P.GraphRequest, (p) => graph.graph(p)),
  );
  connection.onRequest(
    P.LaidOutGraphRequest,
    checkedRequest(log, P.LaidOutGraphRequest, async (p) => {
      const t0 = performance.now();
      const g = await graph.graph(p.graph);
      const t1 = performance.now();
      try {
        const layout = await layouts.laidOut(g, p.direction);
        const t2 = performance.now();
        log.info(
          `Lineage graph: ${g.nodes.length} components, ${g.edges.length} edges in ${Math.round(t2 - t0)} ms (graph ${Math.round(t1 - t0)} ms, layout ${Math.round(t2 - t1)} ms, ${MADE[layout.made]}).`,
        );
        return { graph: g, layout };
      } catch (err) {
        // A newer graph replaced this one: the request is answered as cancelled, not as a failure.
        if (err instanceof LayoutSuperseded) throw new CancelledError(err.message);
        throw err;
      }
    }),
  );
  connection.onNotification(
    P.WarmGraphLayoutNotification,
    checkedNotification(log, P.WarmGraphLayoutNotification, async ({ graph: want }) => {
      if (!want) return layouts.warmUp();
      let g;
      try {
        g = graph.graphNow(want.graph);
        if (!g) {
          // The model is still to be built (the editor's lenses ask for it too): the process is
          // readied meanwhile, and the graph laid out ahead once the model is there.
          void layouts.warmUp();
          g = await graph.graph(want.graph);
        }
      } catch {
        return; // a guess that cannot be made: the click, if it comes, says why
      }
      return layouts.layOutAhead(g, want.direction);
    }),
  );
  connection.onRequest(
    P.FieldFlowRequest,
    checkedRequest(log, P.FieldFlowRequest, (p) => graph.fieldFlow(p)),
  );
  connection.onRequest(
    P.ImpactRequest,
    checkedRequest(log, P.ImpactRequest, (p) => graph.impact(p.target)),
  );
  const known = request(log, 'knownDarns', () => graph.knownDarns());
  connection.onRequest(P.KnownDarnsRequest, (token) => known(undefined, token));
  connection.onRequest(
    P.TargetsAtRequest,
    checkedRequest(log, P.TargetsAtRequest, (p) =>
      graph.targetsAt(p.uri, p.position, docs.get(p.uri)?.getText()),
    ),
  );
}
