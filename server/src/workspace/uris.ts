// file: URIs <-> file-system paths through vscode-uri (VS Code's own URI code), so the URIs we hand out
// are encoded exactly as the client's document URIs and the URIs we receive map to one key whatever
// their encoding. What this adds: other schemes and malformed URIs give undefined, paths are normalized.
import * as path from 'node:path';
import { URI } from 'vscode-uri';

/** The VS Code-style file URI of an absolute path. */
export function fileUri(fsPath: string): string {
  return URI.file(fsPath).toString();
}

/** The normalized file-system path of a file: URI, or undefined for other schemes and malformed URIs. */
export function uriToFsPath(uri: string): string | undefined {
  let parsed: URI;
  try {
    parsed = URI.parse(uri, true);
  } catch {
    return undefined;
  }
  return parsed.scheme === 'file' ? path.normalize(parsed.fsPath) : undefined;
}
