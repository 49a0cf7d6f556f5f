// Open documents that are contracts (YAML or JSON, either shape, recognised by content or by name):
// parsed once per version, validated on open and change, and asked for completion, hovers, outline
// and quick fixes. When the YAML or JSON extension validates a file with the contributed schema, only
// what that schema cannot say is reported here (no double squiggles).
import type { Diagnostic } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { contractSyntaxOf, isContractFileName } from '../../../common/src/contractFileNames';
import type { ContractFileSummary, ExternalSchemaValidation } from '../../../common/src/protocol';
import type { Documents } from '../workspace/documents';
import { readContractDocument, type ContractDocument } from './contractDocument';
import { validateContractDocument } from './validate';

export class OpenContracts {
  /** @param folders the workspace folders: names are matched on the path inside them. */
  constructor(private readonly folders: () => ReadonlyArray<{ uri: string }>) {}
  private readonly cache = new Map<string, { version: number; cd: ContractDocument | undefined }>();
  external: ExternalSchemaValidation = { json: false, yaml: false };

  /** The document as a contract, or undefined (not YAML/JSON, or neither its name nor content says contract). */
  get(doc: TextDocument | undefined): ContractDocument | undefined {
    if (!doc || !doc.uri.startsWith('file:')) return undefined;
    const syntax = syntaxOf(doc);
    if (!syntax) return undefined;
    const hit = this.cache.get(doc.uri);
    if (hit && hit.version === doc.version) return hit.cd;
    const cd = readContractDocument(doc.getText(), this.namedLikeContract(doc.uri));
    this.cache.set(doc.uri, { version: doc.version, cd });
    return cd;
  }

  close(uri: string): void {
    this.cache.delete(uri);
  }

  /** By the path inside its workspace folder (a folder above the workspace named `contracts` does not count). */
  private namedLikeContract(uri: string): boolean {
    const folder = this.folders().find((f) => uri.startsWith(f.uri.endsWith('/') ? f.uri : `${f.uri}/`));
    const inside = folder
      ? uri.slice(folder.uri.replace(/\/$/, '').length + 1)
      : uri.slice(uri.lastIndexOf('/') + 1);
    return isContractFileName(pathOf(`file:///${inside}`).slice(1));
  }

  /**
   * Whether another extension serves this file from the contributed schema (its problems, completion
   * and hovers): the manifest's validation contributions cover exactly the files named like contracts.
   */
  coveredExternally(doc: TextDocument): boolean {
    const syntax = syntaxOf(doc);
    return this.namedLikeContract(doc.uri) && syntax !== undefined && this.external[syntax];
  }

  diagnostics(doc: TextDocument | undefined): Diagnostic[] {
    const cd = this.get(doc);
    if (!doc || !cd) return [];
    return validateContractDocument(cd, { externallyValidated: this.coveredExternally(doc) });
  }

  /** The contract for completion and member hovers, unless another extension gives them from the schema. */
  forAssist(doc: TextDocument | undefined): ContractDocument | undefined {
    const cd = this.get(doc);
    return cd && doc && !this.coveredExternally(doc) ? cd : undefined;
  }
}

const MAX_SUMMARIES = 2000;

/** Shape, name, DARN and declared id of a contract file's text (either shape); undefined when it holds no contract. */
export function summarizeContract(text: string): Omit<ContractFileSummary, 'uri'> | undefined {
  const cd = readContractDocument(text, false);
  if (!cd) return undefined;
  const root = cd.value as Record<string, unknown> | null;
  const body = (cd.wrapped ? root?.contract : root) as Record<string, unknown> | undefined;
  return {
    shape: cd.shape,
    ...(typeof body?.name === 'string' ? { name: body.name } : {}),
    ...(typeof body?.dataAssetResourceName === 'string' && body.dataAssetResourceName
      ? { darn: body.dataAssetResourceName }
      : {}),
    ...(typeof body?.id === 'string' && body.id.trim()
      ? { contractId: body.id.trim(), contractIdFrom: 'file' as const }
      : {}),
  };
}

/** Name, DARN, declared id and shape of each file that holds a contract; files that do not (or cannot be read) are left out. */
export async function contractFileSummaries(
  docs: Documents,
  uris: readonly string[],
): Promise<ContractFileSummary[]> {
  const list = uris.slice(0, MAX_SUMMARIES);
  const out: ContractFileSummary[] = [];
  for (const uri of list) {
    const text = await docs.readText(uri).catch(() => undefined);
    const summary = text === undefined ? undefined : summarizeContract(text);
    if (summary) out.push({ uri, ...summary });
  }
  return out;
}

function pathOf(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

function syntaxOf(doc: TextDocument): 'yaml' | 'json' | undefined {
  if (doc.languageId === 'yaml') return 'yaml';
  if (doc.languageId === 'json' || doc.languageId === 'jsonc') return 'json';
  return contractSyntaxOf(pathOf(doc.uri));
}
