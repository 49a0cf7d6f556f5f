// The names an anchor's code may bear: its own name and the method/function part of the path's boundary
// signatures ("com.acme.Orders.place(Order)" -> "place", "pkg::mod::run" -> "run"). Scanners name the
// ingress after the handler the data enters through and the egress after the callee it leaves by, which
// is what an anchor usually covers: so the anchor's own name first, then the egress's, then the
// ingress's, which only ever names the *other* code of the path. A phrase as the anchor's name ("sends
// the confirmation") names no code. Which code an anchor covers is known only from history
// (syntax/identity.ts); these names are the evidence when history is missing.
import type { PathCodeAnchor } from '../../../common/src/api/paths';

export function lastSegment(signature: string | null | undefined): string | undefined {
  if (!signature) return undefined;
  const noParams = signature.replace(/\(.*$/s, '').trim();
  const parts = noParams.split(/[/\\.#:]+/).filter((p) => p.length > 0);
  return parts[parts.length - 1];
}

type Boundaries = {
  ingress?: { signature_name?: string | null };
  egress?: { signature_name?: string | null };
};

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

function identifier(n: string | null | undefined): string | undefined {
  const t = n?.trim();
  return t && IDENTIFIER.test(t) ? t : undefined;
}

export function expectedNamesFor(anchor: PathCodeAnchor, path: Boundaries): string[] {
  const names = [
    identifier(anchor.name),
    identifier(lastSegment(path.egress?.signature_name)),
    identifier(lastSegment(path.ingress?.signature_name)),
  ];
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}

/** The expected names only the ingress bears (see AnchorEntry.otherNames). */
export function otherNamesFor(anchor: PathCodeAnchor, path: Boundaries): string[] | undefined {
  const ingress = identifier(lastSegment(path.ingress?.signature_name));
  if (!ingress) return undefined;
  const own = [identifier(anchor.name), identifier(lastSegment(path.egress?.signature_name))];
  return own.includes(ingress) ? undefined : [ingress];
}
