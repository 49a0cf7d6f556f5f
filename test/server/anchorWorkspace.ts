// Shared set-up of the anchor stdio tests (git mapping, relocation, open documents, repair): a temp
// directory holding the test's workspace (a plain folder, or a git repository with the scanned commit),
// the real local service seeded with the dataset the test writes, and the real language server signed
// in on that workspace, loaded with every anchor; and what the tests ask of it (code lens lines).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CodeLensRequest, type Diagnostic } from 'vscode-languageserver-protocol';
import { GitRepo, lines } from '../helpers/gitRepo';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';

/** 0-based line of the first line containing `needle`, from `after`. */
export function lineOf(lines: readonly string[], needle: string, after = 0): number {
  const i = lines.findIndex((l, n) => n >= after && l.includes(needle));
  assert.ok(i >= 0, `no line with ${needle}`);
  return i;
}

/** A new temp directory (its real path: git prints real paths). */
export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** Files of a test workspace: path relative to its root → lines. */
export type WorkspaceFiles = Record<string, readonly string[]>;

/**
 * A new temp directory holding a git repository (`dir`/repo) with `files` committed: the commit the
 * test's anchors are recorded at (`scanned`).
 */
export async function scannedRepository(
  prefix: string,
  files: WorkspaceFiles,
): Promise<{ dir: string; repo: GitRepo; scanned: string }> {
  const dir = tempDir(prefix);
  const repo = await GitRepo.create(join(dir, 'repo'));
  for (const [file, ls] of Object.entries(files)) await repo.write(file, lines(...ls));
  return { dir, repo, scanned: repo.commit('scanned') };
}

/**
 * A new temp directory holding a plain workspace folder (`dir`/workspace, no git) with `files`;
 * `write` adds or replaces one.
 */
export function plainWorkspace(
  prefix: string,
  files: WorkspaceFiles,
): { dir: string; workspace: string; write(file: string, ls: readonly string[]): void } {
  const dir = tempDir(prefix);
  const workspace = join(dir, 'workspace');
  const write = (file: string, ls: readonly string[]) => {
    mkdirSync(dirname(join(workspace, file)), { recursive: true });
    writeFileSync(join(workspace, file), lines(...ls));
  };
  mkdirSync(workspace, { recursive: true });
  for (const [file, ls] of Object.entries(files)) write(file, ls);
  return { dir, workspace, write };
}

/** The 0-based lines the code lenses of a document start on. */
export async function lensLines(client: LspClient, uri: string): Promise<number[]> {
  const lenses = (await client.conn.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
  return lenses.map((l) => l.range.start.line);
}

/** The diagnostic an anchor (by anchor id) has among `ds`. */
export function diagnosticOfAnchor(anchorId: string, ds: Diagnostic[]): Diagnostic | undefined {
  return ds.find((d) => (d.data as { anchorId?: string } | undefined)?.anchorId === anchorId);
}

/** A recorded anchor, as the dataset (and the service) holds it. */
export interface DatasetAnchor {
  anchor_id: string;
  name: string;
  file: string;
  line_start?: number;
  line_end?: number;
  column_start?: number;
  column_end?: number;
}

/**
 * A dataset of one CODE component scanned at `scanned` (and at `laterScans`, newer, which record none
 * of these paths), with one path per anchor (or per list of anchors): path i goes from
 * `svc.<first anchor's name>` to `sink.p<i>`, recorded at `scanned`.
 */
export function anchorDataset(o: {
  component: string;
  name: string;
  friendlyName?: string;
  namespace: string;
  scanned: string;
  laterScans?: string[];
  paths: Array<{ pathId: string; anchor: DatasetAnchor | DatasetAnchor[] }>;
}): unknown {
  const boundary = (n: number) => `ffffffff-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    version: 1,
    components: [
      {
        id: o.component,
        name: o.name,
        type: 'CODE',
        namespace: o.namespace,
        ...(o.friendlyName !== undefined ? { friendly_name: o.friendlyName } : {}),
        scans: [o.scanned, ...(o.laterScans ?? [])].map((commit_sha, i) => ({
          commit_sha,
          committed_at: `2026-01-0${i + 1}T00:00:00Z`,
          branch: 'main',
        })),
        paths: o.paths.map((p, i) => {
          const anchors = Array.isArray(p.anchor) ? p.anchor : [p.anchor];
          return {
            path_id: p.pathId,
            path_type: 'SCAN_OUTPUT',
            commit_sha: o.scanned,
            ingress: { id: boundary(2 * i + 1), signature_name: `svc.${anchors[0]!.name}` },
            egress: { id: boundary(2 * i + 2), signature_name: `sink.p${i}` },
            code_anchors: anchors,
          };
        }),
      },
    ],
  };
}

export interface AnchorServer {
  service: LocalService;
  client: LspClient;
  /** Stops the server and the service and removes `dir`. */
  stop(): Promise<void>;
}

/**
 * Writes `dataset` to `dir`/dataset.json, starts the service on it and the server on `workspace`
 * (settings: the component and namespace), and waits until `anchorCount` anchors are loaded.
 */
export async function startAnchorServer(opts: {
  dir: string;
  workspace: string;
  dataset: unknown;
  component: string;
  namespace: string;
  anchorCount: number;
  /** The client's guard on each wait (default 15 s); a test run under load gives its own budget. */
  timeoutMs?: number;
}): Promise<AnchorServer> {
  writeFileSync(join(opts.dir, 'dataset.json'), JSON.stringify(opts.dataset));
  const service = await startLocalService({ seed: join(opts.dir, 'dataset.json') });
  const client = await startClient(service, opts.workspace, opts);
  await client.waitForStatus((s) => s.state === 'connected' && s.anchorCount === opts.anchorCount);
  return {
    service,
    client,
    stop: async () => {
      await client.stop();
      await service.stop();
      rmSync(opts.dir, { recursive: true, force: true });
    },
  };
}

/** Another signed-in server on `workspace`, against the same service. */
export function startClient(
  service: LocalService,
  workspace: string,
  opts: { component: string; namespace: string; projectRoot?: string; timeoutMs?: number },
): Promise<LspClient> {
  return LspClient.start({
    workspaceFolder: workspace,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
    settings: {
      components: [opts.component],
      namespace: opts.namespace,
      ...(opts.projectRoot !== undefined ? { projectRoot: opts.projectRoot } : {}),
    },
  });
}
