// Which workspace contract file is which contract on the service, so a contract configured by id can
// be shown by its file's name. The API has no read that names a contract id, but the workspace often
// knows: a file may declare its `id`; else the data asset of its DARN (operation 7) gives a
// `contractId`. The data assets of all the files' DARNs are read in one call, and kept until the set of
// DARNs or the service changes (a sign-in, another service, a refresh: clear()).
import type { LineageApi } from '../api/apiClient';
import type { ContractFileSummary } from '../../../common/src/protocol';
import type { ServiceAccess } from '../session/parts';

/** DARNs asked in the one call (they travel in the query string). */
const MAX_DARNS = 200;

export class ContractIdentities {
  private cached: { api: LineageApi; key: string; ids: Promise<Map<string, string>> } | undefined;

  constructor(private readonly service: ServiceAccess) {}

  /** Forget the data assets read (the service's data may have changed). */
  clear(): void {
    this.cached = undefined;
  }

  /**
   * The summaries with `contractId` set: declared ones as they are; when some wanted id is declared by
   * no file and the user is signed in, files without a declared id get their data asset's contract
   * (unless another file declares that id: the declaring file is that contract).
   */
  async identify(
    summaries: ContractFileSummary[],
    wanted: readonly string[] = [],
  ): Promise<ContractFileSummary[]> {
    const declared = new Set(summaries.flatMap((s) => (s.contractIdFrom === 'file' ? [s.contractId!] : [])));
    if (!wanted.some((id) => !declared.has(id)) || !this.service.signedIn) return summaries;
    const darns = [...new Set(summaries.flatMap((s) => (s.darn && !s.contractId ? [s.darn] : [])))]
      .sort()
      .slice(0, MAX_DARNS);
    if (darns.length === 0) return summaries;
    // Unreadable (unreachable, refused): the files keep the ids they declare; the next ask tries again.
    const byDarn = await this.contractIdsOf(darns).catch(() => new Map<string, string>());
    return summaries.map((s) => {
      const id = s.darn && !s.contractId ? byDarn.get(s.darn) : undefined;
      return id && !declared.has(id) ? { ...s, contractId: id, contractIdFrom: 'dataAsset' } : s;
    });
  }

  /** DARN → its data asset's contract id, for those that have one; a failed read is not kept. */
  private contractIdsOf(darns: string[]): Promise<Map<string, string>> {
    const api = this.service.api();
    const key = darns.join('\n');
    if (this.cached?.api === api && this.cached.key === key) return this.cached.ids;
    const ids = readContractIds(api, darns);
    const entry = { api, key, ids };
    this.cached = entry;
    ids.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return ids;
  }
}

async function readContractIds(api: LineageApi, darns: string[]): Promise<Map<string, string>> {
  const page = await api.getDataAssets(darns, { limit: darns.length });
  const out = new Map<string, string>();
  for (const item of page.data) {
    const id = item.status === 'success' ? item.data?.contractId : undefined;
    if (typeof id === 'string' && id && darns.includes(item.darn)) out.set(item.darn, id);
  }
  return out;
}
