// Data Asset Resource Names in running text (contract files, source code, JSON, YAML): every form teams
// write — `postgres://host:port:db.schema.table`, `mysql://…`, `protobuf://git@host:org/repo.git:
// path/file.proto:package.Message`, `avro://…`, `json_schema://…`, `s3://bucket:pattern` — and not
// ordinary URLs. The TextMate grammar (syntaxes/darn.injection.tmLanguage.json) highlights the same
// shape; test/unit/darns.test.ts keeps the two in step.

/** URL schemes that are not DARNs even when they look like `x://a:b` (e.g. http://host:8080/x). */
export const NOT_DARN_SCHEMES = [
  'http',
  'https',
  'file',
  'ftp',
  'ws',
  'wss',
  'ssh',
  'git',
  'command',
  'vscode',
  'data',
  'mailto',
];

/** type `://` source `:` path; the characters that end a DARN in text are quotes, spaces and brackets. */
const DARN_IN_TEXT = /(?<![\w/])([a-z][a-z0-9_+.-]*):\/\/([^\s:"'`<>()[\]{},;]+):([^\s"'`<>()[\]{},;]+)/g;
const NOT_DARN = new RegExp(`^(${NOT_DARN_SCHEMES.join('|')})$`);

export interface FoundDarn {
  darn: string;
  /** Offsets in the text, end exclusive. */
  start: number;
  end: number;
}

/** The DARNs in a text, at most `max` (trailing sentence punctuation is not part of a DARN). */
export function findDarns(text: string, max = 500): FoundDarn[] {
  const out: FoundDarn[] = [];
  for (const m of text.matchAll(DARN_IN_TEXT)) {
    if (NOT_DARN.test(m[1]!)) continue;
    const darn = m[0].replace(/[.:]+$/, '');
    if (!darn.slice(darn.indexOf('://') + 3).includes(':')) continue;
    out.push({ darn, start: m.index, end: m.index + darn.length });
    if (out.length >= max) break;
  }
  return out;
}

/** The DARN covering an offset, if any. */
export function darnAt(text: string, offset: number): FoundDarn | undefined {
  // Only the line around the offset is scanned: hovers ask often.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
  const hit = findDarns(line).find((d) => offset >= lineStart + d.start && offset <= lineStart + d.end);
  return hit && { ...hit, start: hit.start + lineStart, end: hit.end + lineStart };
}
