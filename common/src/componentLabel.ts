// How a component is named wherever it is shown (trees, hovers, the graph, symbols, quick picks): its
// friendly name, else its name, else its id, blank ones skipped. Callers clean it for where it is shown
// (untrustedText.ts): it is service text.

export interface NamedComponent {
  readonly id?: string;
  readonly name?: string;
  readonly friendly_name?: string;
}

export function componentLabel(c: NamedComponent): string {
  return c.friendly_name?.trim() || c.name?.trim() || c.id || '';
}

/** The same rule for the Components view's summaries (protocol.ts's ComponentSummary). */
export function summaryLabel(s: {
  readonly id?: string;
  readonly name?: string;
  readonly friendlyName?: string;
}): string {
  return componentLabel({ id: s.id, name: s.name, friendly_name: s.friendlyName });
}
