// The names an anchor's code is expected to contain: its own name and the method/function part of
// the path's boundary signatures ("com.acme.Orders.place(Order)" -> "place", "pkg::mod::run" -> "run").
import type { PathCodeAnchor } from '../../../common/src/api/paths';

export function lastSegment(signature: string | null | undefined): string | undefined {
  if (!signature) return undefined;
  const noParams = signature.replace(/\(.*$/s, '').trim();
  const parts = noParams.split(/[/\\.#:]+/).filter((p) => p.length > 0);
  return parts[parts.length - 1];
}

export function expectedNamesFor(
  anchor: PathCodeAnchor,
  path: { ingress?: { signature_name?: string | null }; egress?: { signature_name?: string | null } },
): string[] {
  const names = [
    anchor.name,
    lastSegment(path.ingress?.signature_name),
    lastSegment(path.egress?.signature_name),
  ];
  return [
    ...new Set(
      names.filter((n): n is string => typeof n === 'string' && n.trim().length > 0).map((n) => n.trim()),
    ),
  ];
}
