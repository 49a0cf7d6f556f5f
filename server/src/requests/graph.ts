// Registers the lineage-graph requests (common/src/protocol.ts): graph, field flow, impact, targets.
import type { Connection } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { Documents } from '../workspace/documents';
import type { GraphService } from '../graph/graphService';
import { request } from '../api/handlers';
import type { OnceLogger } from '../util/log';
import { UserInputError } from '../api/serviceErrors';

export function registerGraphRequests(
  connection: Connection,
  log: OnceLogger,
  graph: GraphService,
  docs: Documents,
): void {
  connection.onRequest(
    P.GraphRequest,
    request(log, 'graph', (p) => graph.graph(p)),
  );
  connection.onRequest(
    P.FieldFlowRequest,
    request(log, 'fieldFlow', (p) => graph.fieldFlow(p)),
  );
  connection.onRequest(
    P.ImpactRequest,
    request(log, 'impact', (p) => graph.impact(p?.target)),
  );
  const known = request(log, 'knownDarns', () => graph.knownDarns());
  connection.onRequest(P.KnownDarnsRequest, (token) => known(undefined, token));
  connection.onRequest(
    P.TargetsAtRequest,
    request(log, 'targetsAt', (p) => {
      const pos = p?.position;
      if (typeof p?.uri !== 'string' || typeof pos?.line !== 'number' || typeof pos.character !== 'number')
        throw new UserInputError('uri and position are required.');
      return graph.targetsAt(p.uri, pos, docs.get(p.uri)?.getText());
    }),
  );
}
