// The editor features (hover, lenses, definitions, links, symbols, completion, formatting, code
// actions), each routed by the kind of document it is asked about (workspace/documentKind.ts: a path
// document, a workspace file, possibly a contract file by its content, or anything else). Each is
// wrapped so a failure gives the editor an empty answer, never an error.
import type { Connection } from 'vscode-languageserver';
import type { AnchorIndex } from '../anchors';
import { feature } from '../api/handlers';
import { completeContract, contractCodeActions, contractSymbols, hoverContract } from '../contracts/assist';
import { completeDarn, darnValueRange } from '../contracts/darnCompletion';
import { contractFieldAt } from '../contracts/fieldAt';
import { contractFieldHover } from '../features/contractFieldHover';
import type { OpenContracts } from '../contracts/openContracts';
import { codeLenses } from '../features/codeLens';
import type { ComplianceResults } from '../features/complianceResults';
import { contractLenses } from '../features/contractLens';
import type { DarnFeatures } from '../features/darns';
import { pathDocumentDefinition, pathDocumentLinks, sourceDefinition } from '../features/definitions';
import { sourceHover } from '../features/hover';
import { impactLenses } from '../features/impactLens';
import type { SymbolIndex } from '../features/symbolIndex';
import { workspaceSymbols } from '../features/symbols';
import type { GraphService } from '../graph/graphService';
import { completePathDocument, hoverPathDocument } from '../pathDocs/assist';
import { formatPathDocument } from '../pathDocs/format';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';
import type { Session } from '../session/session';
import type { OnceLogger } from '../util/log';
import { documentKind } from '../workspace/documentKind';
import type { Documents } from '../workspace/documents';
import { anchorRepairCodeActions } from './anchorRepair';
import { changeImpactCodeActions } from './changeImpact';

export interface EditorFeatureParts {
  session: Session;
  docs: Documents;
  index: AnchorIndex;
  contracts: OpenContracts;
  darns: DarnFeatures;
  graph: GraphService;
  symbolIndex: SymbolIndex;
  pathDocUri: PathDocumentUriOf;
  refreshLenses(): void;
  compliance: ComplianceResults;
}

/** How long a lens request waits for the lineage model before it answers without the impact lenses. */
const MODEL_WAIT_MS = 200;

/** Whether the model is built (or its build ends) within `ms`. */
function builtWithin(graph: GraphService, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    graph.ready().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

export function registerEditorFeatures(
  connection: Connection,
  log: OnceLogger,
  parts: EditorFeatureParts,
): void {
  const { session, docs, index, contracts, darns, graph, symbolIndex, pathDocUri, refreshLenses } = parts;
  const lensParts = {
    graph,
    results: parts.compliance,
    lineageLoaded: () => session.signedIn && session.store.all().length > 0,
  };

  connection.onHover(
    feature(log, 'hover', null, async (p) => {
      const uri = p.textDocument.uri;
      const doc = docs.get(uri);
      const kind = documentKind(uri).kind;
      if (kind === 'pathDocument') return doc ? hoverPathDocument(doc, p.position) : null;
      const darn = doc && kind === 'file' ? await darns.hover(doc, p.position) : null;
      if (darn) return darn;
      // A field's lineage is ours to show even where another extension explains the members.
      const inContract = contracts.get(doc);
      const field = inContract && contractFieldAt(inContract, p.position);
      if (field) return contractFieldHover(field, session, graph);
      const contract = contracts.forAssist(doc);
      if (contract) return hoverContract(contract, p.position);
      return sourceHover(session, uri, p.position, doc?.getText());
    }),
  );

  /** The lens refresh that follows the lineage model's build, while one is pending. */
  let lensesAfterModel: Promise<void> | undefined;
  connection.onCodeLens(
    feature(log, 'codeLens', [], async (p) => {
      if (documentKind(p.textDocument.uri).kind === 'pathDocument') return [];
      const doc = docs.get(p.textDocument.uri);
      const contract = contracts.get(doc);
      if (contract && doc) return contractLenses(contract, doc, lensParts);
      const lines = doc?.getText().split(/\r?\n/);
      const anchored = codeLenses(session, p.textDocument.uri, lines);
      const impact = await impactLenses(index, graph, p.textDocument.uri, lines);
      if (impact) return [...anchored, ...impact];
      // A model that builds quickly (most workspaces: tens of milliseconds) is waited for briefly, so
      // the first lenses already count what lies downstream; asked again after a refresh, the editor
      // shows them a second or so later.
      if (await builtWithin(graph, MODEL_WAIT_MS)) {
        const soon = await impactLenses(index, graph, p.textDocument.uri, lines);
        if (soon) return [...anchored, ...soon];
      }
      // The lineage model is still being built (seconds at 100,000 paths): the anchors' lenses do not
      // wait longer; the editor is asked for lenses again once it is ready (once for all the requests
      // answered meanwhile: the editor asks per visible editor).
      lensesAfterModel ??= graph
        .ready()
        .then(refreshLenses, () => undefined)
        .finally(() => (lensesAfterModel = undefined));
      return anchored;
    }),
  );

  connection.onDefinition(
    feature(log, 'definition', null, (p) => {
      const uri = p.textDocument.uri;
      if (documentKind(uri).kind === 'pathDocument') {
        const doc = docs.get(uri);
        return doc ? pathDocumentDefinition(session, doc, p.position) : null;
      }
      return sourceDefinition(session, uri, p.position, pathDocUri, (u) => docs.get(u)?.getText());
    }),
  );

  connection.onDocumentLinks(
    feature(log, 'documentLinks', [], (p) => {
      const doc = docs.get(p.textDocument.uri);
      if (!doc) return [];
      const kind = documentKind(doc.uri).kind;
      if (kind === 'pathDocument') return pathDocumentLinks(session, doc);
      return kind === 'file' ? darns.links(doc) : [];
    }),
  );

  connection.onWorkspaceSymbol(
    feature(log, 'workspaceSymbol', [], (p, token) =>
      workspaceSymbols(session, symbolIndex, p.query ?? '', pathDocUri, token),
    ),
  );

  connection.onCompletion(
    feature(log, 'completion', [], async (p) => {
      const ref = documentKind(p.textDocument.uri);
      const doc = docs.get(p.textDocument.uri);
      // The DARNs the workspace knows are ours to offer even where another extension completes members.
      const inContract = contracts.get(doc);
      const darnRange = inContract && darnValueRange(inContract, p.position);
      if (darnRange) return completeDarn(darnRange, await graph.knownDarns());
      const contract = contracts.forAssist(doc);
      if (contract) return completeContract(contract, p.position);
      if (ref.kind !== 'pathDocument' || !doc) return [];
      return completePathDocument(doc, p.position, session.store.findPath(ref.componentId, ref.pathId));
    }),
  );

  connection.onDocumentFormatting(
    feature(log, 'formatting', [], (p) => {
      const doc = docs.get(p.textDocument.uri);
      return doc && documentKind(doc.uri).kind === 'pathDocument' ? formatPathDocument(doc, p.options) : [];
    }),
  );

  connection.onDocumentSymbol(
    feature(log, 'documentSymbol', [], (p) => {
      const contract = contracts.get(docs.get(p.textDocument.uri));
      return contract ? contractSymbols(contract) : [];
    }),
  );

  connection.onCodeAction(
    feature(log, 'codeAction', [], (p) => {
      const uri = p.textDocument.uri;
      const impact = changeImpactCodeActions(p.context.diagnostics);
      const contract = contracts.get(docs.get(uri));
      if (contract) return [...contractCodeActions(contract, uri, p.context.diagnostics), ...impact];
      return documentKind(uri).kind === 'file'
        ? [...anchorRepairCodeActions(session, uri, p.range, p.context.diagnostics), ...impact]
        : impact;
    }),
  );
}
