// The language server's own memory for a benchmark's anchors: the same anchors put on the real local
// service (one path per anchor, 1,000 paths per component), the real server over stdio on the same
// workspace, and its resident set (VmRSS, and the peak VmHWM) read from /proc once every anchor is
// placed. What the server's RSS budget is about, where the bench process's own RSS is not.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AnchorEntry } from '../../server/src/anchors';
import { startLocalService } from '../helpers/localService';
import { LspClient } from '../helpers/lspClient';

const PATHS_PER_COMPONENT = 1_000;

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString().padStart(12, '0')}`;

function dataset(entries: readonly AnchorEntry[]): { dataset: unknown; componentIds: string[] } {
  const components: Array<{
    id: string;
    name: string;
    type: string;
    namespace: string;
    scans: unknown[];
    paths: unknown[];
  }> = [];
  entries.forEach((e, i) => {
    if (i % PATHS_PER_COMPONENT === 0)
      components.push({
        id: uuid(1, components.length),
        name: `bench-${components.length}`,
        type: 'CODE',
        namespace: 'bench',
        scans: [{ commit_sha: 'abcdef1', committed_at: '2026-01-01T00:00:00Z' }],
        paths: [],
      });
    components.at(-1)!.paths.push({
      path_id: uuid(2, i),
      path_type: 'SCAN_OUTPUT',
      ingress: { id: uuid(3, 2 * i), signature_name: `svc.${e.expectedNames[0] ?? 'in'}` },
      egress: { id: uuid(3, 2 * i + 1), signature_name: `sink.${e.expectedNames[1] ?? 'out'}` },
      code_anchors: [{ ...e.anchor, anchor_id: uuid(4, i) }],
    });
  });
  return { dataset: { version: 1, components }, componentIds: components.map((c) => c.id) };
}

function procStatus(pid: number): { rss: number; peak: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Loads `entries` into a real server on `workspace` (scratch files go to `dir`); its RSS once placed. */
export async function serverMemory(o: {
  dir: string;
  workspace: string;
  entries: readonly AnchorEntry[];
}): Promise<{
  rss: number;
  peak: number;
  loadMs: number;
  indexMs: number;
  indexCpuMs: number;
  /** The server's grammar warm-up (server.ts), if it had ended when the build ended. */
  warm?: { ms: number; endedFirst: boolean };
}> {
  const { dataset: ds, componentIds } = dataset(o.entries);
  const seed = join(o.dir, 'server-memory-dataset.json');
  writeFileSync(seed, JSON.stringify(ds));
  const service = await startLocalService({ seed });
  let client: LspClient | undefined;
  try {
    const t0 = performance.now();
    client = await LspClient.start({
      workspaceFolder: o.workspace,
      initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
      settings: { components: componentIds, namespace: 'bench' },
      timeoutMs: 600_000,
    });
    // The server logs its own index build once every anchor is placed (session.ts): that is the
    // relocation time users wait for, measured inside the server.
    const indexed = /Indexed (\d+) code anchors in (\d+) ms \(CPU (\d+) ms\)/;
    const log = await client.waitFor<{ message: string }>(
      'window/logMessage',
      (m) => Number(indexed.exec(m.message)?.[1]) === o.entries.length,
    );
    const loadMs = performance.now() - t0;
    const [, , indexMs, indexCpuMs] = indexed.exec(log.message)!.map(Number);
    const logs = client.received.filter((r) => r.method === 'window/logMessage');
    const warmAt = logs.findIndex((r) =>
      /Syntax runtime ready/.test((r.params as { message: string }).message),
    );
    const builtAt = logs.findIndex((r) => r.params === log);
    const warm =
      warmAt >= 0
        ? {
            ms: Number(/in (\d+) ms/.exec((logs[warmAt]!.params as { message: string }).message)?.[1]),
            endedFirst: warmAt < builtAt,
          }
        : undefined;
    return {
      ...procStatus(client.child.pid!),
      loadMs,
      indexMs: indexMs!,
      indexCpuMs: indexCpuMs!,
      ...(warm ? { warm } : {}),
    };
  } finally {
    await client?.stop();
    await service.stop();
  }
}
