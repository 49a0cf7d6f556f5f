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
  /** What each side carries (payload_name), to tell the sides of one function apart. */
  ingressPayload?: string;
  egressPayload?: string;
}

/**
 * "ingress → egress"; a path whose two sides are one function (a handler's request and its response)
 * reads as what that function puts out: "createOrder → OrderConfirmation" (its egress payload), or
 * "createOrder, in → out" without one, never "createOrder → createOrder". Short (a side-bar row) and
 * with no brackets (the label is also a path document's file name).
 */
export function pathLabel(p: PathSides): string {
  if (p.ingress !== p.egress) return `${p.ingress} → ${p.egress}`;
  if (p.egressPayload && p.egressPayload !== p.egress) return `${p.ingress} → ${p.egressPayload}`;
  return `${p.ingress}, in → out`;
}

/** The payload names of a path's sides, when it has them. */
function payloads(p: {
  ingress: { payload_name?: string | null };
  egress: { payload_name?: string | null };
}): Pick<PathSides, 'ingressPayload' | 'egressPayload'> {
  return {
    ...(p.ingress.payload_name ? { ingressPayload: p.ingress.payload_name } : {}),
    ...(p.egress.payload_name ? { egressPayload: p.egress.payload_name } : {}),
  };
}

/**
 * The label of one path's document (its editor tab): last segments only, from the path alone, so the
 * client and the server name the same path the same way (tabs of equal labels are told apart by
 * VS Code, which then shows the path id folder).
 */
export function pathDocumentLabel(p: {
  ingress: { signature_name: string; payload_name?: string | null };
  egress: { signature_name: string; payload_name?: string | null };
}): string {
  return pathLabel(
    shortPathSides([
      { ingress: p.ingress.signature_name, egress: p.egress.signature_name, ...payloads(p) },
    ])[0]!,
  );
}

/** A path's sides as shortPathSides takes them (signatures and payload names). */
export function pathSidesOf(p: {
  ingress: { signature_name: string; payload_name?: string | null };
  egress: { signature_name: string; payload_name?: string | null };
}): PathSides {
  return { ingress: p.ingress.signature_name, egress: p.egress.signature_name, ...payloads(p) };
}

/**
 * Short sides per path, in order (label them with pathLabel): each side as short as possible while the
 * labels of paths with different signatures stay apart (equal signatures keep equal labels).
 */
export function shortPathSides(paths: readonly PathSides[]): PathSides[] {
  const depth = paths.map(() => ({ ingress: 1, egress: 1 }));
  const sides = (i: number): PathSides => ({
    ...paths[i]!,
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
    // Two different functions that end alike ("OrderHandler.createOrder → OrderClient.createOrder")
    // are not one function: both sides grow until they read apart.
    paths.forEach((p, i) => {
      const s = sides(i);
      if (s.ingress !== s.egress || p.ingress === p.egress) return;
      for (const side of ['ingress', 'egress'] as const)
        if (depth[i]![side] < max(p[side])) {
          depth[i]![side]++;
          grew = true;
        }
    });
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
