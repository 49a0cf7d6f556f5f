// The `lineageLens` settings section, owned here for every program: its name, the defaults, the
// cleaning of what was read (client, server and CLI read the same values the same way), which changes
// need a reload or a restart. Every value is checked, so a malformed setting falls back to its default
// instead of breaking the load. Settings can come from an untrusted workspace, so ids must be one URL
// segment and the refresh has a floor.
import type { LineageSettings } from './protocol';
import { isOneUrlSegment } from './api/ids';

/** The settings section: `lineageLens.*`. */
export const SECTION = 'lineageLens';

export const DEFAULT_SETTINGS: LineageSettings = {
  components: [],
  namespace: '',
  projection: 'collapsed',
  refreshIntervalSeconds: 300,
  projectRoot: '',
  maxConcurrency: 8,
  complianceOnSave: false,
  maxComponents: 2000,
};

/** Shortest automatic refresh interval (seconds): a workspace cannot make the server hammer the service. */
export const MIN_REFRESH_INTERVAL_SECONDS = 30;

/** Settings the language server reads only at start (the client offers a restart when they change). */
export const RESTART_NEEDED = ['maxConcurrency'] as const;

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
  for (const id of stringList(values)) {
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

/** A list setting's strings, trimmed, without blanks and repeats (anything but an array is empty). */
export function stringList(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return [
    ...new Set(
      values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()),
    ),
  ];
}

/** Whether the settings ask for lineage: components or a namespace configured. */
export function namesComponents(s: Pick<LineageSettings, 'components' | 'namespace'>): boolean {
  return s.components.length > 0 || s.namespace !== '';
}
