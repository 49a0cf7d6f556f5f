// The working tree's change impact, live in the editor: computed by the engine (changeImpact/) after
// typing settles, on saves and after git moves (the index rebuilds on commits, checkouts and branch
// switches), with open documents standing for their files. Each new report is published as
// diagnostics on the changed anchored code (Information, or Warning by setting; a code action opens
// the view), diagnostics on breaking lines of changed contract files, and a notification the
// Change Impact view answers by asking for the report.
import * as path from 'node:path';
import {
  CodeActionKind,
  DiagnosticSeverity,
  type CodeAction,
  type Connection,
  type Diagnostic,
} from 'vscode-languageserver';
import { Commands } from '../../../common/src/commands.generated';
import { contractLabel, type ChangeImpactReport } from '../../../common/src/changeImpact';
import { counted } from '../../../common/src/countWords';
import * as P from '../../../common/src/protocol';
import type { AnchorIndex } from '../anchors';
import { TreeSitterDefinitions } from '../anchors/syntax/definitionSource';
import { checkedRequest } from '../api/handlers';
import { changeImpact } from '../changeImpact/changeImpact';
import { fileAtCommit } from '../changeImpact/diffRange';
import { UserInputError } from '../api/serviceErrors';
import type { DiagnosticsHub } from '../features/diagnosticsHub';
import type { GraphService } from '../graph/graphService';
import type { ComponentReader, ServiceAccess } from '../session/parts';
import type { OnceLogger } from '../util/log';
import type { Documents } from '../workspace/documents';
import { fileUri, uriToFsPath } from '../workspace/uris';

export interface ChangeImpactLiveDeps {
  connection: Connection;
  log: OnceLogger;
  docs: Documents;
  index: AnchorIndex;
  store: ComponentReader;
  graph: GraphService;
  service: ServiceAccess;
  hub: DiagnosticsHub;
}

/** Typing settles this long before the analysis runs again. */
const SETTLE_MS = 300;

export class ChangeImpactLive {
  private base: P.ChangeImpactBase = 'HEAD';
  private severity: 'information' | 'warning' = 'information';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<P.ChangeImpactResult> | undefined;
  private again = false;
  private last: P.ChangeImpactResult | undefined;
  /** Nothing is computed until a client asks once (the view is shown, or a diagnostic is wanted). */
  private wanted = false;
  private readonly definitions: TreeSitterDefinitions;

  constructor(private readonly d: ChangeImpactLiveDeps) {
    this.definitions = new TreeSitterDefinitions({ onProblem: (m) => d.log.warnOnce(m) });
    d.index.onDidChange(() => this.schedule());
    d.index.onDidRebuild(() => this.schedule());
    d.connection.onRequest(
      P.ChangeImpactRequest,
      checkedRequest(d.log, P.ChangeImpactRequest, (p) => this.ask(p)),
    );
    d.connection.onRequest(
      P.ChangeImpactBaseTextRequest,
      checkedRequest(d.log, P.ChangeImpactBaseTextRequest, (p) => this.baseText(p)),
    );
  }

  /** A file the last report names, at that report's base commit. */
  private async baseText(p: {
    folderUri: string;
    file: string;
  }): Promise<{ text: string | null; ref: string }> {
    const entry = this.last?.folders.find((f) => f.uri === p.folderUri);
    const root = entry && uriToFsPath(entry.uri);
    if (!entry || !root) throw new UserInputError('No change impact has been computed for this folder.');
    const r = entry.report;
    const named = new Set<string>();
    for (const t of r.touched) {
      named.add(t.anchor.file);
      if (t.movedTo) named.add(t.movedTo.file);
    }
    for (const c of r.contractChanges) named.add(c.file);
    if (!named.has(p.file)) throw new UserInputError('That file is not part of the last change impact.');
    return { text: (await fileAtCommit(root, r.base.commit, p.file)) ?? null, ref: r.base.ref };
  }

  /** A document changed: run again once typing settles. Saved (or closed): at once. */
  textChanged(saved = false): void {
    if (!saved) return this.schedule();
    if (!this.wanted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    void this.run().catch((err: unknown) =>
      this.d.log.warnOnce(`Change impact failed: ${(err as Error)?.message}`, 'changeImpact'),
    );
  }

  private async ask(p: P.ChangeImpactParams): Promise<P.ChangeImpactResult> {
    const base = p.base ?? 'HEAD';
    const severity = p.severity ?? 'information';
    const same = this.wanted && base === this.base && severity === this.severity;
    this.wanted = true;
    this.base = base;
    this.severity = severity;
    if (same && this.last && !this.timer && !this.running) return this.last;
    if (same && this.running && !this.timer) return this.running;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    return this.run();
  }

  private schedule(): void {
    if (!this.wanted) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run().catch((err: unknown) =>
        this.d.log.warnOnce(`Change impact failed: ${(err as Error)?.message}`, 'changeImpact'),
      );
    }, SETTLE_MS);
  }

  private run(): Promise<P.ChangeImpactResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const p = this.compute().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
    this.running = p;
    return p;
  }

  private async compute(): Promise<P.ChangeImpactResult> {
    const { docs } = this.d;
    const out: P.ChangeImpactResult = { base: this.base, folders: [], problems: [] };
    const open = () =>
      docs
        .all()
        .filter((doc) => doc.uri.startsWith('file:'))
        .map((doc) => ({ fsPath: uriToFsPath(doc.uri) ?? '', text: doc.getText() }))
        .filter((x) => x.fsPath);
    for (const folder of docs.folders) {
      try {
        const report = await changeImpact(
          {
            root: folder.fsPath,
            index: this.d.index,
            store: this.d.store,
            graph: this.d.graph,
            service: this.d.service,
            definitions: this.definitions,
            openDocuments: open,
            readWorkingFile: async (fsPath) =>
              docs.get(fileUri(fsPath))?.getText() ?? docs.readText(fileUri(fsPath)).catch(() => undefined),
          },
          { branch: this.base === 'branch' },
        );
        out.folders.push({ uri: folder.uri, report });
      } catch (err) {
        out.problems.push(`${folder.fsPath}: ${(err as Error)?.message ?? String(err)}`);
      }
    }
    this.last = out;
    this.publish(out);
    const s = out.folders.map((f) => f.report.summary);
    void this.d.connection.sendNotification(P.ChangeImpactChangedNotification, {
      touched: s.reduce((n, x) => n + x.touched, 0),
      contractsAtRisk: s.reduce((n, x) => n + x.contractsAtRisk, 0),
      breakingChanges: s.reduce((n, x) => n + x.breakingChanges, 0),
    });
    return out;
  }

  private publish(result: P.ChangeImpactResult): void {
    const byUri = new Map<string, Diagnostic[]>();
    const add = (uri: string, d: Diagnostic) => {
      const list = byUri.get(uri);
      if (list) list.push(d);
      else byUri.set(uri, [d]);
    };
    const severity =
      this.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information;
    for (const { uri, report } of result.folders) {
      const root = uriToFsPath(uri);
      if (!root) continue;
      const at = (file: string) => fileUri(path.join(root, ...file.split('/')));
      for (const t of report.touched) {
        if (t.change === 'deleted') continue;
        const place = t.change === 'moved' && t.movedTo ? t.movedTo : t.anchor;
        add(at(place.file), {
          range: {
            start: { line: place.lineStart - 1, character: 0 },
            end: { line: place.lineStart - 1, character: 1000 },
          },
          severity,
          source: P.CHANGE_IMPACT_DIAGNOSTIC_SOURCE,
          code: `change-${t.change}`,
          message: touchedMessage(t),
          data: { componentId: t.component.id, pathId: t.path.id },
        });
      }
      for (const c of report.contractChanges)
        for (const x of c.changes) {
          if (!x.breaking || !x.line) continue;
          add(at(c.file), {
            range: { start: { line: x.line - 1, character: 0 }, end: { line: x.line - 1, character: 1000 } },
            severity: DiagnosticSeverity.Warning,
            source: P.CHANGE_IMPACT_DIAGNOSTIC_SOURCE,
            code: `contract-${x.kind}`,
            message: `Breaking against ${report.base.ref}: ${x.detail}`,
          });
        }
    }
    this.d.hub.replaceAll('changeImpact', byUri);
  }
}

/** "This change touches createOrder → insertOrder: 7 downstream fields in 3 services; contract Orders (compliant now)." */
export function touchedMessage(t: ChangeImpactReport['touched'][number]): string {
  const d = t.downstreamCounts;
  const services = new Set(t.downstream.map((x) => x.component.id)).size;
  const verb = t.change === 'moved' ? 'moves' : 'touches';
  let s = `This change ${verb} ${t.path.label} (${t.component.name})`;
  s += d.fields
    ? `: ${counted(d.fields, 'downstream field')} in ${counted(services, 'component')}`
    : ': nothing downstream';
  if (t.contracts.length)
    s += `; ${t.contracts.length === 1 ? 'contract' : 'contracts'} ${t.contracts
      .map((c) => contractLabel(c, [c.violationState && `${c.violationState} now`]))
      .join(', ')}`;
  return `${s}.`;
}

/** "Show Change Impact" on the change-impact diagnostics in the range. */
export function changeImpactCodeActions(diagnostics: readonly Diagnostic[]): CodeAction[] {
  const mine = diagnostics.filter((d) => d.source === P.CHANGE_IMPACT_DIAGNOSTIC_SOURCE);
  if (!mine.length) return [];
  return [
    {
      title: 'Show Change Impact',
      kind: CodeActionKind.QuickFix,
      diagnostics: mine,
      command: { title: 'Show Change Impact', command: Commands.showChangeImpact },
    },
  ];
}
