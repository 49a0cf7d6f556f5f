// The custom requests of common/src/protocol.ts that the session answers, as one table (method →
// handler): each with params is checked against its schema where it is registered (checkedRequest),
// each without (RequestType0) wrapped the same way. The graph, agent-tool, change-impact and
// pass-through requests register themselves beside their own parts.
import type { GraphService } from '../graph/graphService';
import { storeContractFiles, storeFieldViews } from '../features/storeFields';
import type { ComplianceResults } from '../features/complianceResults';
import type { Connection, RequestType, RequestType0 } from 'vscode-languageserver';
import * as P from '../../../common/src/protocol';
import type { RequestOptions } from '../api/apiClient';
import { checkedRequest, request } from '../api/handlers';
import { componentLabel } from '../../../common/src/componentLabel';
import { contractFileSummaries } from '../contracts/openContracts';
import type { ContractIdentities } from '../features/contractIdentities';
import { storeOf } from '../graph/matching';
import { PathHistories } from '../pathDocs/history';
import type { Session } from '../session/session';
import type { OnceLogger } from '../util/log';
import type { Documents } from '../workspace/documents';
import { anchorRepairs, repairAnchors } from './anchorRepair';
import { pathDocument, pathHistory, pathVersionDocument, savePath } from './pathDocuments';
import { apiKeys, apiKeyValue, checkCompliance, registerObjectStore } from './service';
import { componentDetail, componentTree, pathDetail } from './views';

export interface CustomRequestParts {
  session: Session;
  docs: Documents;
  compliance: ComplianceResults;
  contractIds: ContractIdentities;
  graph: GraphService;
}

type Register = (connection: Connection, log: OnceLogger) => void;

/** A request with params: checked against its schema, then answered. */
function withParams<Params, Result>(
  type: RequestType<Params, Result, void>,
  answer: (params: Params, opts: RequestOptions) => Promise<Result> | Result,
): Register {
  return (connection, log) => connection.onRequest(type, checkedRequest(log, type, answer));
}

/** A request without params. */
function noParams<Result>(
  type: RequestType0<Result, void>,
  answer: (opts: RequestOptions) => Promise<Result> | Result,
): Register {
  return (connection, log) => {
    const handle = request(log, type.method.replace(/^lineageLens\//, ''), (_p: undefined, o) => answer(o));
    connection.onRequest(type, (token) => handle(undefined, token));
  };
}

function customRequests(
  { session, docs, compliance, contractIds, graph }: CustomRequestParts,
  log: OnceLogger,
): Register[] {
  const histories = new PathHistories();
  return [
    noParams(P.RefreshRequest, () => session.refresh()),
    noParams(P.ComponentTreeRequest, () => componentTree(session)),
    withParams(P.ComponentDetailRequest, async (p, o) => {
      const detail = await componentDetail(session, p, o);
      // A model that cannot be built (logged where it is built) leaves the store's schema alone.
      const storeFields = await storeFieldViews(detail.component, graph).catch(() => undefined);
      const storeContracts = await storeContractFiles(detail.component, session.store.all(), graph);
      return {
        ...detail,
        ...(storeFields ? { storeFields } : {}),
        ...(storeContracts.length ? { storeContracts } : {}),
      };
    }),
    withParams(P.PathDetailRequest, (p, o) => pathDetail(session, p, o)),
    withParams(P.PathDocumentRequest, (p, o) => pathDocument(session, p, o)),
    noParams(P.FetchScannedCommitsRequest, () => session.index.fetchScannedCommits()),
    withParams(P.PathHistoryRequest, (p, o) => pathHistory(session, histories, p, o)),
    withParams(P.PathVersionDocumentRequest, (p, o) => pathVersionDocument(session, histories, p, o)),
    withParams(P.AnchorRepairsRequest, (p) => anchorRepairs(session, p)),
    withParams(P.RepairAnchorsRequest, (p, o) => repairAnchors(session, log, p, o)),
    withParams(P.SavePathRequest, (p, o) => savePath(session, log, p, o)),
    withParams(P.CheckComplianceRequest, (p, o) =>
      checkCompliance(session, docs, p.uri, compliance.publish, o),
    ),
    withParams(P.ContractFilesRequest, async (p) => {
      const summaries = (await contractFileSummaries(docs, p.uris)).map((c) => {
        // A contract without a name is named after the data store it covers, as the lineage names it.
        const store = c.darn && !c.name ? storeOf(session.store.all(), c.darn) : undefined;
        return store ? { ...c, assetName: componentLabel(store) } : c;
      });
      return contractIds.identify(summaries, p.contractIds);
    }),
    withParams(P.RegisterObjectStoreRequest, (p, o) => registerObjectStore(session, docs, p, o)),
    noParams(P.ApiKeysRequest, (o) => apiKeys(session, o)),
    withParams(P.ApiKeyValueRequest, (p, o) => apiKeyValue(session, p, o)),
  ];
}

export function registerCustomRequests(
  connection: Connection,
  log: OnceLogger,
  parts: CustomRequestParts,
): void {
  for (const register of customRequests(parts, log)) register(connection, log);
}
