// The open documents' life cycle (didOpen/didChange/didClose/didSave): keeps the document store and the
// anchor index in step with the editor and publishes what depends on a document's text (path-document
// validation, contract-file diagnostics, compliance on save).
import type { ComplianceResults } from './features/complianceResults';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import * as P from '../../common/src/protocol';
import type { AnchorIndex } from './anchors';
import type { Documents } from './workspace/documents';
import type { OpenContracts } from './contracts/openContracts';
import type { DiagnosticsHub } from './features/diagnosticsHub';
import type { GraphService } from './graph/graphService';
import { isContractPath } from './graph/contractCatalog';
import type { OpenPathDocuments } from './pathDocs/pathDocumentUris';
import { validatePathDocument } from './pathDocs/validate';
import { checkCompliance } from './requests/service';
import type { ServiceAccess, SettingsSource } from './session/parts';
import type { OnceLogger } from './util/log';
import { notification } from './api/handlers';
import { documentKind, isWorkspaceFile } from './workspace/documentKind';

export interface DocumentEventsDeps {
  log: OnceLogger;
  docs: Documents;
  index: AnchorIndex;
  contracts: OpenContracts;
  hub: DiagnosticsHub;
  /** Publishes a compliance check's violations and keeps the result for the file's lens. */
  compliance: ComplianceResults;
  openPathDocs: OpenPathDocuments;
  graph: GraphService;
  session: ServiceAccess & SettingsSource;
  /** Re-publishes the anchor problems (they follow a path document to the URI it is open under). */
  publishAnchorProblems(): void;
  /** A document's text changed (`saved` false), or it was saved or closed (the change impact follows it). */
  textChanged?(uri: string, saved: boolean): void;
}

export function registerDocumentEvents(connection: Connection, d: DocumentEventsDeps): void {
  const { log, docs, index, contracts, hub, openPathDocs } = d;

  const validateIfPathDocument = (uri: string): void => {
    if (documentKind(uri).kind !== 'pathDocument') return;
    const doc = docs.get(uri);
    hub.set('pathDocument', uri, doc ? validatePathDocument(doc) : []);
  };
  const validateIfContract = (uri: string): void => {
    hub.set('contractFile', uri, contracts.diagnostics(docs.get(uri)));
  };

  connection.onDidOpenTextDocument(
    notification(log, 'didOpen', (p) => {
      const { uri, languageId, version, text } = p.textDocument;
      docs.open(uri, languageId, version, text);
      if (isWorkspaceFile(uri)) index.openDocument(uri, text);
      validateIfPathDocument(uri);
      validateIfContract(uri);
      // Anchor problems of this path move onto the URI it was opened under.
      if (openPathDocs.opened(uri)) d.publishAnchorProblems();
    }),
  );

  connection.onDidChangeTextDocument(
    notification(log, 'didChange', (p) => {
      const { uri, version } = p.textDocument;
      const doc = docs.change(uri, version, p.contentChanges);
      if (!doc) return;
      if (isWorkspaceFile(uri)) index.changeDocument(uri, p.contentChanges, doc.getText());
      validateIfPathDocument(uri);
      validateIfContract(uri);
      d.textChanged?.(uri, false);
    }),
  );

  connection.onDidCloseTextDocument(
    notification(log, 'didClose', (p) => {
      const uri = p.textDocument.uri;
      docs.close(uri);
      contracts.close(uri);
      d.compliance.forget(uri);
      hub.set('contractFile', uri, []);
      if (isWorkspaceFile(uri)) index.closeDocument(uri);
      d.textChanged?.(uri, true);
      if (openPathDocs.closed(uri)) {
        hub.set('pathDocument', uri, []);
        d.publishAnchorProblems();
      }
    }),
  );

  connection.onDidSaveTextDocument(
    notification(log, 'didSave', async (p) => {
      const uri = p.textDocument.uri;
      // The disk holds the buffer now: anchors' unsaved lines are saved ones (repairs read this).
      if (isWorkspaceFile(uri)) index.saveDocument(uri);
      d.textChanged?.(uri, true);
      const { session } = d;
      // What impact analysis knows of a contract file is its text on disk (also when no watcher runs).
      if (isWorkspaceFile(uri) && isContractPath(uri))
        await d.graph.contracts.filesChanged([{ path: fileURLToPath(uri), deleted: false }]);
      if (!session.settings.complianceOnSave || !session.signedIn) return;
      const contract = contracts.get(docs.get(uri));
      if (!contract || contracts.diagnostics(docs.get(uri)).some((x) => x.severity === 1)) return;
      try {
        const result = await checkCompliance(session, docs, uri, d.compliance.publish, {});
        void connection.sendNotification(P.ComplianceCheckedNotification, { uri, ...result });
      } catch (err) {
        log.warnOnce(`Compliance check on save of ${uri} failed: ${(err as Error).message}`, `save:${uri}`);
      }
    }),
  );
}
