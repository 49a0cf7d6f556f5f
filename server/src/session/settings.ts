// The `lineageLens` settings: read from workspace/configuration (global and per folder) when the
// client supports it, otherwise from initializationOptions / didChangeConfiguration. Every value is
// checked, so a malformed setting falls back to its default instead of breaking the load. Settings can
// come from an untrusted workspace, so ids must be one URL segment and the refresh has a floor.
import {
  DEFAULT_SETTINGS,
  MIN_REFRESH_INTERVAL_SECONDS,
  type LineageSettings,
} from '../../../common/src/protocol';
import { isOneUrlSegment } from '../../../common/src/api/ids';

export const SECTION = 'lineageLens';

/** Most component ids taken from the setting (more are ignored and reported). */
const MAX_CONFIGURED_IDS = 10_000;

export function normalizeSettings(
  raw: unknown,
  base: LineageSettings = DEFAULT_SETTINGS,
  report: (problem: string) => void = () => undefined,
): LineageSettings {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    components: Array.isArray(r.components) ? componentIds(r.components, report) : base.components,
    namespace: typeof r.namespace === 'string' ? r.namespace.trim() : base.namespace,
    projection: r.projection === 'all' || r.projection === 'collapsed' ? r.projection : base.projection,
    refreshIntervalSeconds: refreshInterval(r.refreshIntervalSeconds, base.refreshIntervalSeconds, report),
    projectRoot: typeof r.projectRoot === 'string' ? r.projectRoot : base.projectRoot,
    maxConcurrency: intIn(r.maxConcurrency, 1, 64, base.maxConcurrency),
    complianceOnSave: typeof r.complianceOnSave === 'boolean' ? r.complianceOnSave : base.complianceOnSave,
    maxComponents: intIn(r.maxComponents, 1, 100_000, base.maxComponents),
  };
}

function componentIds(values: unknown[], report: (problem: string) => void): string[] {
  const ids = new Set<string>();
  let refused = 0;
  for (const v of values) {
    if (typeof v !== 'string' || v.trim() === '') continue;
    const id = v.trim();
    if (isOneUrlSegment(id)) ids.add(id);
    else refused++;
  }
  if (refused > 0)
    report(
      `lineageLens.components: ${refused} id${refused === 1 ? '' : 's'} ignored (an id is one URL segment: no "/", "\\", "." or ".." alone, no spaces or control characters).`,
    );
  if (ids.size > MAX_CONFIGURED_IDS) {
    report(`lineageLens.components: only the first ${MAX_CONFIGURED_IDS} of ${ids.size} ids are used.`);
    return [...ids].slice(0, MAX_CONFIGURED_IDS);
  }
  return [...ids];
}

/** 0 turns the refresh off; anything else is at least MIN_REFRESH_INTERVAL_SECONDS. */
function refreshInterval(v: unknown, fallback: number, report: (problem: string) => void): number {
  const s = intIn(v, 0, 86_400, fallback);
  if (s === 0 || s >= MIN_REFRESH_INTERVAL_SECONDS) return s;
  report(
    `lineageLens.refreshIntervalSeconds ${s} is below the minimum: refreshing every ${MIN_REFRESH_INTERVAL_SECONDS} s.`,
  );
  return MIN_REFRESH_INTERVAL_SECONDS;
}

function intIn(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
}

/** Whether two settings need a reload of the service data (as opposed to only re-resolving anchors). */
export function needsReload(a: LineageSettings, b: LineageSettings): boolean {
  return (
    a.namespace !== b.namespace ||
    a.projection !== b.projection ||
    a.maxComponents !== b.maxComponents ||
    a.components.length !== b.components.length ||
    a.components.some((c, i) => c !== b.components[i])
  );
}
