// DARNs anywhere (contract files, source code, JSON, YAML): a hover with the data asset (operation 5:
// type, domain, path, updated, its contract), that contract's violation state (operation 6) and what
// the lineage says of it (the data store holding it, its tagged fields), and a
// document link that reveals the asset in the Data assets view. Answers are kept briefly, so moving the
// mouse over the same DARN does not call the service each time.
import { LRUCache } from 'lru-cache';
import { formatMoment } from '../../../common/src/moments';
import type { DocumentLink, Hover, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DataAsset, ViolationStatus } from '../../../common/src/api';
import { darnAt, findDarns } from '../../../common/src/darns';
import { COMMANDS } from '../../../common/src/protocol';
import type { ServiceAccess } from '../session/parts';
import { commandLink, md } from '../util/markdown';

const MAX_LINKS = 500;
const TTL_MS = 30_000;

interface AssetInfo {
  asset?: DataAsset;
  /** Why there is no asset: the item's status and message. */
  missing?: string;
  status?: ViolationStatus;
  statusError?: string;
}

export class DarnFeatures {
  private readonly cache = new LRUCache<string, Promise<AssetInfo>>({ max: 200, ttl: TTL_MS });

  /** `lineage`: what the lineage says of a DARN (Markdown lines; none when it holds no such store). */
  constructor(
    private readonly session: ServiceAccess,
    private readonly lineage: (darn: string) => Promise<string[]> = () => Promise.resolve([]),
  ) {}

  /** Drop what was learnt (e.g. after a compliance check or a sign-in). */
  clear(): void {
    this.cache.clear();
  }

  links(doc: TextDocument): DocumentLink[] {
    return findDarns(doc.getText(), MAX_LINKS).map((d) => ({
      range: { start: doc.positionAt(d.start), end: doc.positionAt(d.end) },
      target: commandUri(COMMANDS.revealDataAsset, [d.darn]),
      tooltip: 'Reveal in the Data assets view',
    }));
  }

  async hover(doc: TextDocument, pos: Position): Promise<Hover | null> {
    const found = darnAt(doc.getText(), doc.offsetAt(pos));
    if (!found) return null;
    const range = { start: doc.positionAt(found.start), end: doc.positionAt(found.end) };
    const head = `**Data asset** \`${found.darn.replace(/`/g, '')}\``;
    const reveal = commandLink('Reveal in Data assets', COMMANDS.revealDataAsset, [found.darn]);
    if (!this.session.signedIn) {
      const value = [
        head,
        '',
        `*Sign in to see this data asset.* ${commandLink('Sign in', COMMANDS.signIn, [])}`,
      ];
      return { contents: { kind: 'markdown', value: value.join('\n') }, range };
    }
    // The lineage's part is local: worked out while the service is asked for the asset.
    const lineage = this.lineage(found.darn).catch(() => []);
    let info: AssetInfo;
    try {
      info = await this.lookUp(found.darn);
    } catch (err) {
      this.cache.delete(found.darn);
      const value = [head, '', `*The data asset could not be read: ${md((err as Error).message, 200)}*`];
      return { contents: { kind: 'markdown', value: value.join('\n') }, range };
    }
    const lines = await lineage;
    return {
      contents: {
        kind: 'markdown',
        value: [head, '', ...render(info), ...(lines.length ? ['', ...lines] : []), '', reveal].join('\n'),
      },
      range,
    };
  }

  private lookUp(darn: string): Promise<AssetInfo> {
    let hit = this.cache.get(darn);
    if (!hit) {
      hit = this.fetch(darn);
      this.cache.set(darn, hit);
    }
    return hit;
  }

  private async fetch(darn: string): Promise<AssetInfo> {
    const api = this.session.api();
    const page = await api.getDataAssets([darn], { limit: 1 });
    const item = page.data.find((i) => i.darn === darn) ?? page.data[0];
    if (!item || item.status !== 'success' || !item.data)
      return { missing: item ? [item.status, item.errorMessage].filter(Boolean).join(': ') : 'not found' };
    const info: AssetInfo = { asset: item.data };
    if (item.data.contractId) {
      try {
        info.status = await api.getViolationStatus(item.data.contractId);
      } catch (err) {
        info.statusError = (err as Error).message;
      }
    }
    return info;
  }
}

function render(info: AssetInfo): string[] {
  if (!info.asset) return [`⚠ *The service has no such data asset* (${md(info.missing, 200)}).`];
  const a = info.asset;
  const rows: string[] = [];
  const row = (k: string, v: string | undefined) => v && rows.push(`| ${k} | ${md(v, 200)} |`);
  row('type', a.type);
  row('domain', a.domain);
  row('path', a.path);
  row('updated', a.updatedAt ? formatMoment(a.updatedAt) : undefined);
  row('contract', a.contractId);
  const out = rows.length ? ['| | |', '|---|---|', ...rows] : [];
  if (!a.contractId) return [...out, '', '*No contract on this asset.*'];
  if (info.statusError) return [...out, '', `*Violation state unavailable: ${md(info.statusError, 200)}*`];
  const s = info.status!;
  const n = s.violations.length;
  const checked = s.checkedAt ? `, checked ${md(formatMoment(s.checkedAt))}` : '';
  out.push(
    '',
    n === 0
      ? `✔ Contract compliant (${md(s.violation_state, 60)}${checked})`
      : `✖ Contract **${md(s.violation_state, 60)}**: ${n} ${n === 1 ? 'violation' : 'violations'}${checked}`,
  );
  for (const v of s.violations.slice(0, 5))
    out.push(
      `- ${md(v.violationType ?? 'violation', 60)} ${md(v.field ?? '', 100)}: ${md(v.message ?? '', 200)}`,
    );
  if (n > 5) out.push(`- … ${n - 5} more`);
  return out;
}

function commandUri(command: string, args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}
