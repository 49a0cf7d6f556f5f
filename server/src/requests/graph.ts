// Registers the lineage-graph requests (common/src/protocol.ts): graph, field flow, impact, targets.
import type { Connection } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { Documents } from '../workspace/documents';
import type { GraphService } from '../graph/graphService';
import { checkedRequest, request } from '../api/handlers';
import type { OnceLogger } from '../util/log';

export function registerGraphRequests(
  connection: Connection,
  log: OnceLogger,
  graph: GraphService,
  docs: Documents,
): void {
  connection.onRequest(
    P.GraphRequest,
    checkedRequest(log, P.GraphRequest, (p) => graph.graph(p)),
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
