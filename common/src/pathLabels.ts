// Short tree labels for paths: a full signature ("com.shop.checkout.OrderHandler.createOrder") is cut
// off by the side bar, so a row shows the last segment of each side ("createOrder → insertOrder"), with
// more segments only where siblings would otherwise read the same. No vscode import: unit-testable.
// Shared by the client (tree rows, Edit Path) and the server (path-document URIs it hands out).

/** Segments of a signature: dotted, slashed (Go import paths), `#`/`::` members, receivers in parens. */
export function signatureSegments(signature: string): string[] {
  const parts = signature.split(/[./#]|::|[()]/).filter(Boolean);
  return parts.length ? parts : [signature];
}

/** The last `n` segments of a signature, joined with dots. */
export function shortSignature(signature: string, n = 1): string {
  return signatureSegments(signature).slice(-n).join('.');
}

export interface PathSides {
  ingress: string;
  egress: string;
}

/** "ingress → egress". */
export const pathLabel = (p: PathSides): string => `${p.ingress} → ${p.egress}`;

/**
 * The label of one path's document (its editor tab): last segments only, from the path alone, so the
 * client and the server name the same path the same way (tabs of equal labels are told apart by
 * VS Code, which then shows the path id folder).
 */
export function pathDocumentLabel(p: {
  ingress: { signature_name: string };
  egress: { signature_name: string };
}): string {
  return pathLabel({
    ingress: shortSignature(p.ingress.signature_name),
    egress: shortSignature(p.egress.signature_name),
  });
}

/**
 * Short sides per path, in order (label them with pathLabel): each side as short as possible while the
 * labels of paths with different signatures stay apart (equal signatures keep equal labels).
 */
export function shortPathSides(paths: readonly PathSides[]): PathSides[] {
  const depth = paths.map(() => ({ ingress: 1, egress: 1 }));
  const sides = (i: number): PathSides => ({
    ingress: shortSignature(paths[i]!.ingress, depth[i]!.ingress),
    egress: shortSignature(paths[i]!.egress, depth[i]!.egress),
  });
  const max = (s: string) => signatureSegments(s).length;
  for (;;) {
    const byLabel = new Map<string, number[]>();
    paths.forEach((_, i) => {
      const l = pathLabel(sides(i));
      byLabel.set(l, [...(byLabel.get(l) ?? []), i]);
    });
    let grew = false;
    for (const group of byLabel.values()) {
      if (group.length < 2) continue;
      for (const side of ['ingress', 'egress'] as const) {
        // Only a side that differs within the group helps; lengthen it on every member of the group.
        if (new Set(group.map((i) => paths[i]![side])).size < 2) continue;
        for (const i of group) {
          if (depth[i]![side] < max(paths[i]![side])) {
            depth[i]![side]++;
            grew = true;
          }
        }
      }
    }
    if (!grew) return paths.map((_, i) => sides(i));
  }
}
