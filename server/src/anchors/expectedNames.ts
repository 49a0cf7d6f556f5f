// The names an anchor's code may bear: its own name and the method/function part of the path's boundary
// signatures ("com.acme.Orders.place(Order)" -> "place", "pkg::mod::run" -> "run"). Scanners name the
// ingress after the handler the data enters through and the egress after the callee it leaves by, which
// is what an anchor usually covers: so the anchor's own name first, then the egress's, then the
// ingress's, which only ever names the *other* code of the path. A phrase as the anchor's name ("sends
// the confirmation") names no code. Which code an anchor covers is known only from history
// (syntax/identity.ts); these names are the evidence when history is missing.
//
// Every loaded anchor passes through here once per load (100,000 in one component), so the names are
// found by scanning characters, not with regular expressions and split arrays, and the boundaries' names
// are found once per path (boundaryNames) by the anchor feed, not once per anchor and question.
import type { PathCodeAnchor } from '../../../common/src/api/paths';

export function lastSegment(signature: string | null | undefined): string | undefined {
  if (!signature) return undefined;
  const paren = signature.indexOf('(');
  const s = (paren < 0 ? signature : signature.slice(0, paren)).trim();
  // `/`, `\`, `.`, `#` and `:` separate a signature's segments (tested inline: the server's compiler
  // does not inline small functions).
  let end = s.length;
  for (; end > 0; end--) {
    const c = s.charCodeAt(end - 1);
    if (c !== 47 && c !== 92 && c !== 46 && c !== 35 && c !== 58) break;
  }
  if (end === 0) return undefined;
  let start = end;
  for (; start > 0; start--) {
    const c = s.charCodeAt(start - 1);
    if (c === 47 || c === 92 || c === 46 || c === 35 || c === 58) break;
  }
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

type Boundaries = {
  ingress?: { signature_name?: string | null };
  egress?: { signature_name?: string | null };
};

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/** ASCII letters, digits (not first), `_` and `$` checked inline; a character beyond ASCII asks IDENTIFIER. */
function isIdentifier(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c >= 128) return IDENTIFIER.test(t);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36) continue;
    if (i > 0 && c >= 48 && c <= 57) continue;
    return false;
  }
  return true;
}

function identifier(n: string | null | undefined): string | undefined {
  const t = n?.trim();
  return t && isIdentifier(t) ? t : undefined;
}

/** The egress's and the ingress's names, each when it is an identifier: the same for all of a path's anchors. */
export interface BoundaryNames {
  egress: string | undefined;
  ingress: string | undefined;
}

export function boundaryNames(path: Boundaries): BoundaryNames {
  return {
    egress: identifier(lastSegment(path.egress?.signature_name)),
    ingress: identifier(lastSegment(path.ingress?.signature_name)),
  };
}

/** `boundaries`: boundaryNames(path), found once for all of a path's anchors by a caller that has many. */
export function expectedNamesFor(
  anchor: PathCodeAnchor,
  path: Boundaries,
  boundaries: BoundaryNames = boundaryNames(path),
): string[] {
  const own = identifier(anchor.name);
  const { egress, ingress } = boundaries;
  const e = egress !== undefined && egress !== own ? egress : undefined;
  const i = ingress !== undefined && ingress !== own && ingress !== egress ? ingress : undefined;
  // Array literals of the exact length: an array grown by push from empty keeps room for 17 names, and
  // one is kept per anchor for as long as it is loaded.
  if (own !== undefined) {
    if (e !== undefined) return i !== undefined ? [own, e, i] : [own, e];
    return i !== undefined ? [own, i] : [own];
  }
  if (e !== undefined) return i !== undefined ? [e, i] : [e];
  return i !== undefined ? [i] : [];
}

/** The expected names only the ingress bears (see AnchorEntry.otherNames). */
export function otherNamesFor(
  anchor: PathCodeAnchor,
  path: Boundaries,
  boundaries: BoundaryNames = boundaryNames(path),
): string[] | undefined {
  const own = identifier(anchor.name);
  const { egress, ingress } = boundaries;
  if (!ingress) return undefined;
  return ingress === own || ingress === egress ? undefined : [ingress];
}
