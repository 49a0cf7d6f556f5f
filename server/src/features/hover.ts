// textDocument/hover on source code: the lineage paths anchored there, or the tags of the field an
// identifier names. A hover without data says why.
import type { Hover, Position } from 'vscode-languageserver';
import type { TrackedAnchor } from '../anchors/types';
import { COMMANDS } from '../../../common/src/protocol';
import type { AnchorReader, ComponentReader, SettingsSource, StatusSource } from '../session/parts';

/** What the hover reads: anchors, cached paths, the settings (is lineage asked for?) and the status. */
type Sources = { index: AnchorReader; store: ComponentReader } & SettingsSource &
  Pick<StatusSource, 'status'>;
import { clock } from '../session/status';
import { namesComponents } from '../../../common/src/settings';
import { commandLink, md } from '../util/markdown';
import { fieldsMatching } from '../domain/pathFields';
import { fieldSection, pathSection } from './pathHover';
import { identifierAt } from '../domain/identifier';

const MAX_PATHS = 5;

export function sourceHover(
  session: Sources,
  uri: string,
  pos: Position,
  text: string | undefined,
): Hover | null {
  const anchors = session.index.anchorsAt(uri, pos);
  if (anchors.length === 0) return noDataHover(session);
  const banner = statusBanner(session);
  const word = text !== undefined ? identifierAt(text, pos) : undefined;

  // Field-tag hover first: an identifier naming a field of an anchored path.
  if (word) {
    const sections: string[][] = [];
    // Each path once, and no more sections than a hover shows: thousands of anchors can share a line.
    const seen = new Set<string>();
    for (const a of anchors) {
      const key = `${a.entry.componentId}/${a.entry.pathId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const c = session.store.get(a.entry.componentId);
      const p = session.store.findPath(a.entry.componentId, a.entry.pathId);
      if (!c || !p) continue;
      const fields = fieldsMatching(p, word.text);
      if (!fields.length) continue;
      if (sections.length === MAX_PATHS) {
        sections.push([
          `*More lineage paths here have fields named like this; use Go to Definition to list them all.*`,
        ]);
        break;
      }
      sections.push(fieldSection(c, p, fields, a));
    }
    if (sections.length) return render(banner, sections, word.range);
  }

  const sections: string[][] = [];
  const seen = new Set<string>();
  // Whether a path beyond the shown ones is anchored here: found by going on to the first one.
  let more = false;
  for (const a of anchors) {
    const key = `${a.entry.componentId}/${a.entry.pathId}`;
    if (seen.has(key)) continue;
    if (sections.length >= MAX_PATHS) {
      more = true;
      break;
    }
    seen.add(key);
    const c = session.store.get(a.entry.componentId);
    const p = session.store.findPath(a.entry.componentId, a.entry.pathId);
    if (!c || !p) {
      sections.push([`*Lineage path ${md(a.entry.pathId)}: its component is no longer loaded.*`]);
      continue;
    }
    sections.push(pathSection(c, p, a));
  }
  if (more) sections.push([`*More lineage paths are anchored here; use Go to Definition to list them all.*`]);
  return render(banner, sections, rangeOf(anchors[0]!));
}

function render(banner: string | undefined, sections: string[][], range: Hover['range']): Hover {
  const parts = sections.map((s) => s.join('\n'));
  const value = [banner, parts.join('\n\n---\n\n')].filter(Boolean).join('\n\n');
  return { contents: { kind: 'markdown', value }, range };
}

function rangeOf(a: TrackedAnchor): Hover['range'] {
  return a.range;
}

/** A line above the data when it may be out of date. */
function statusBanner(session: Sources): string | undefined {
  const s = session.status;
  if (s.state === 'stale') {
    return `⚠ *Lineage service unreachable since ${md(clock(s.unreachableSince))}; data from ${md(clock(s.lastLoadedAt))}.*`;
  }
  if (s.state === 'keyRejected')
    return `⚠ *The lineage service rejected the API key; this data may be out of date.* ${commandLink('Sign in', COMMANDS.signIn, [])}`;
  return undefined;
}

/**
 * Without any loaded data nothing is known to be anchored; when the workspace asks for lineage
 * (components or a namespace configured) the hover says why there is none instead of staying silent.
 */
function noDataHover(session: Sources): Hover | null {
  if (session.store.size > 0) return null;
  if (!namesComponents(session.settings)) return null;
  const s = session.status;
  let why: string;
  switch (s.state) {
    case 'signedOut':
      why = `Lineage Lens: not signed in, so no lineage is shown. ${commandLink('Sign in', COMMANDS.signIn, [])}`;
      break;
    case 'keyRejected':
      why = `Lineage Lens: the service rejected the API key. ${commandLink('Sign in again', COMMANDS.signIn, [])}`;
      break;
    case 'unreachable':
      why = `Lineage Lens: service unreachable since ${md(clock(s.unreachableSince))}; no data loaded yet. ${commandLink('Show output', COMMANDS.showOutput, [])}`;
      break;
    case 'connecting':
      why = 'Lineage Lens: loading lineage…';
      break;
    default:
      return null;
  }
  return { contents: { kind: 'markdown', value: why } };
}
