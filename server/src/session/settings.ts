// The `lineageLens` settings: read from workspace/configuration (global and per folder) when the
// client supports it, otherwise from initializationOptions / didChangeConfiguration. Every value is
// checked, so a malformed setting falls back to its default instead of breaking the load.
import { DEFAULT_SETTINGS, type LineageSettings } from '../../../common/src/protocol';

export const SECTION = 'lineageLens';

export function normalizeSettings(raw: unknown, base: LineageSettings = DEFAULT_SETTINGS): LineageSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const components = Array.isArray(r.components)
    ? [
        ...new Set(
          r.components
            .filter((c): c is string => typeof c === 'string' && c.trim() !== '')
            .map((c) => c.trim()),
        ),
      ]
    : base.components;
  return {
    components,
    namespace: typeof r.namespace === 'string' ? r.namespace.trim() : base.namespace,
    projection: r.projection === 'all' || r.projection === 'collapsed' ? r.projection : base.projection,
    refreshIntervalSeconds: intIn(r.refreshIntervalSeconds, 0, 86_400, base.refreshIntervalSeconds),
    projectRoot: typeof r.projectRoot === 'string' ? r.projectRoot : base.projectRoot,
    maxConcurrency: intIn(r.maxConcurrency, 1, 64, base.maxConcurrency),
    complianceOnSave: typeof r.complianceOnSave === 'boolean' ? r.complianceOnSave : base.complianceOnSave,
  };
}

function intIn(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
}

/** Whether two settings need a reload of the service data (as opposed to only re-resolving anchors). */
export function needsReload(a: LineageSettings, b: LineageSettings): boolean {
  return (
    a.namespace !== b.namespace ||
    a.projection !== b.projection ||
    a.components.length !== b.components.length ||
    a.components.some((c, i) => c !== b.components[i])
  );
}
