// Contracts, data assets and administration: thin passes to the service, plus the file-based ones
// (compliance of a contract file, registration from a file) that read and check the file first. Their
// params are checked against their schemas where they are registered (api/handlers.ts).
import type { Diagnostic } from 'vscode-languageserver';
import type { ApiKeyRecord, ComplianceResponse, RegisterObjectStoreResponse } from '../../../common/src/api';
import type { RequestOptions } from '../api/apiClient';
import type { ServiceAccess } from '../session/parts';
import type { Documents } from '../workspace/documents';
import { parseFile, registrationOf } from '../contracts/contractFile';
import { checkContractText } from '../contracts/compliance';
import { UserInputError } from '../api/serviceErrors';

export async function checkCompliance(
  session: ServiceAccess,
  docs: Documents,
  uri: string,
  publish: (uri: string, diagnostics: Diagnostic[]) => void,
  opts: RequestOptions,
): Promise<ComplianceResponse & { darn: string; name?: string }> {
  const { diagnostics, ...result } = await checkContractText(session.api(), await docs.readText(uri), opts);
  publish(uri, diagnostics);
  return result;
}

export async function registerObjectStore(
  session: ServiceAccess,
  docs: Documents,
  p: { uri: string; dryRun: boolean; prLink?: string },
  opts: RequestOptions,
): Promise<RegisterObjectStoreResponse> {
  const file = parseFile(await docs.readText(p.uri), 'registration');
  return session.api().registerObjectStoreAssets(registrationOf(file, p.dryRun === true, p.prLink), opts);
}

/** Key records with the secret value masked: the key itself never leaves the service through us. */
export async function apiKeys(session: ServiceAccess, opts: RequestOptions): Promise<ApiKeyRecord[]> {
  const keys = await session.api().listApiKeys(opts);
  return keys.map((k) => ({ id: k.id, name: k.name, value: mask(k.value) }));
}

/** One key's value, for Copy API Key after the user confirmed (the client redacts `secretValue` in traces). */
export async function apiKeyValue(
  session: ServiceAccess,
  p: { keyId: string },
  opts: RequestOptions,
): Promise<{ secretValue: string }> {
  const id = p.keyId;
  const key = (await session.api().listApiKeys(opts)).find((k) => k.id === id);
  if (!key) throw new UserInputError(`The service has no API key with id ${id.slice(0, 100)}.`);
  return { secretValue: key.value };
}

export function mask(value: string): string {
  return value.length > 8 ? `••••${value.slice(-4)}` : '••••';
}
