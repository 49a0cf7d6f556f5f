// Shared setup of the server conversation tests: the real local service seeded with the fixture
// dataset, and the real language server over stdio on the fixture workspace.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { startLocalService, type LocalService } from '../helpers/localService';
import { LspClient, repoRoot } from '../helpers/lspClient';

export const FIXTURES = join(repoRoot, 'test', 'server', 'fixtures');
export const WORKSPACE = join(FIXTURES, 'workspace');
export const DATASET = join(FIXTURES, 'dataset.json');

export const ORDERS = '11111111-1111-4111-8111-111111111111';
export const MAILER = '22222222-2222-4222-8222-222222222222';
export const P_CREATE = 'aaaaaaaa-0000-4000-8000-000000000001';
export const P_SHIP = 'aaaaaaaa-0000-4000-8000-000000000002';
export const P_OUTSIDE = 'aaaaaaaa-0000-4000-8000-000000000003';
export const P_MAIL = 'bbbbbbbb-0000-4000-8000-000000000001';

/** A file-form contract with one problem of each kind (outside the workspace: tests open it as text). */
export const BROKEN = readFileSync(join(FIXTURES, 'broken-contract.yaml'), 'utf8');

export function workspaceText(relative: string): string {
  return readFileSync(join(WORKSPACE, relative), 'utf8');
}

export interface Harness {
  service: LocalService;
  client: LspClient;
}

/** Starts the service and a signed-in server, and waits until the data and anchors are loaded. */
export async function startHarness(seed = DATASET): Promise<Harness> {
  const service = await startLocalService({ seed });
  const client = await LspClient.start({
    workspaceFolder: WORKSPACE,
    initializationOptions: { serviceUrl: service.url, apiKey: service.apiKey },
    settings: { components: [ORDERS], namespace: 'fx' },
  });
  await client.waitForStatus((s) => s.state === 'connected' && s.componentCount === 2);
  return { service, client };
}

export async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.client.stop();
  await h?.service.stop();
}

export function hoverText(h: Hover | null): string {
  if (!h) return '';
  return (h.contents as MarkupContent).value;
}

/** The JSON arguments of every `command:` link in a Markdown text. */
export function commandLinks(markdown: string): Array<{ command: string; args: unknown[] }> {
  const out: Array<{ command: string; args: unknown[] }> = [];
  for (const m of markdown.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)(?: "(?:[^"\\]|\\.)*")?\)/g)) {
    out.push({ command: m[1]!, args: JSON.parse(decodeURIComponent(m[2]!)) as unknown[] });
  }
  return out;
}
