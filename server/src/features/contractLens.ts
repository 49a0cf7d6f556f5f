// Lenses on a contract file's `dataAssetResourceName`: the data store that holds its asset in the
// lineage, with the tags its fields carry (a click opens its graph; without one, a click looks the asset
// up on the service), and the file's compliance —
// Check Compliance, or the last check's result on this version of the text (a click checks again).
import type { CodeLens, Range } from 'vscode-languageserver';
import { Commands } from '../../../common/src/commands.generated';
import { componentLabel } from '../../../common/src/componentLabel';
import { counted } from '../../../common/src/countWords';
import { formatClock } from '../../../common/src/moments';
import { iconLabelText } from '../../../common/src/untrustedText';
import type { ContractDocument } from '../contracts/contractDocument';
import { contractDarnAt } from '../contracts/fieldAt';
import type { GraphService } from '../graph/graphService';
import type { ComplianceResults } from './complianceResults';
import { storeFieldTags } from './storeTags';

/** Tags named in the store's lens before "+N more". */
const TAGS_SHOWN = 3;

export interface ContractLensParts {
  graph: GraphService;
  results: ComplianceResults;
  /** Whether lineage data is loaded: without it, "no data store holds this asset" would not be true. */
  lineageLoaded: () => boolean;
}

export async function contractLenses(
  cd: ContractDocument,
  doc: { uri: string; version: number },
  parts: ContractLensParts,
): Promise<CodeLens[]> {
  const at = contractDarnAt(cd);
  if (!at) return [];
  const line = at.range.start.line;
  const range = { start: { line, character: 0 }, end: { line, character: 0 } };
  const lenses: CodeLens[] = [];
  const store = parts.lineageLoaded() ? await storeLens(at.darn, range, parts.graph) : undefined;
  if (store) lenses.push(store);
  const last = parts.results.current(doc.uri, doc.version);
  const when = last && formatClock(new Date(last.at));
  lenses.push({
    range,
    command: {
      title: !last
        ? '$(check) Check Compliance'
        : last.violations === 0
          ? `$(pass) Compliant at ${when} · Check Again`
          : `$(error) ${counted(last.violations, 'violation')} at ${when} · Check Again`,
      command: Commands.checkCompliance,
      arguments: [doc.uri],
    },
  });
  return lenses;
}

/** The data store holding the DARN, with its fields' tags; undefined when the model cannot be built. */
async function storeLens(darn: string, range: Range, graph: GraphService): Promise<CodeLens | undefined> {
  // A model that cannot be built (logged where it is built) costs this lens, not Check Compliance.
  const found = await graph.storeSchema(darn).catch(() => null);
  if (found === null) return undefined;
  // Nothing in the lineage: the service may still know the asset (registered, not scanned yet).
  if (!found)
    return {
      range,
      command: {
        title: 'No data store in the lineage holds this data asset · Look Up on the Service',
        command: Commands.revealDataAsset,
        arguments: [darn],
      },
    };
  const tags = storeFieldTags(found);
  const shown = tags
    .slice(0, TAGS_SHOWN)
    .map(([tag, fields]) => `${iconLabelText(tag, 40)} on ${counted(fields.size, 'field')}`);
  if (tags.length > TAGS_SHOWN) shown.push(`+${tags.length - TAGS_SHOWN} more`);
  return {
    range,
    command: {
      title: `$(database) ${iconLabelText(componentLabel(found.store), 60)} · ${shown.length ? shown.join(', ') : 'no tagged fields'}`,
      command: Commands.showGraph,
      arguments: [{ componentId: found.store.id }],
    },
  };
}
