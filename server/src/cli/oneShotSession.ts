// The set-up `lineage-lens check` and `lineage-lens impact` share: a session and anchor index for one
// run over a checkout (no git watching, no refresh, no cache compaction), its warnings collected for
// the end of the run, the connection's failure as a ConnectionError, and everything disposed after.
import { createEditorAnchorIndex } from '../anchors/editorIndex';
import type { AnchorIndex } from '../anchors';
import type { AnchorEntry } from '../anchors/types';
import { HttpLineageApi } from '../api/httpClient';
import { DEFAULT_LIMITS } from '../session/componentStore';
import { Session } from '../session/session';
import type { ServiceStatus } from '../../../common/src/protocol';
import { OnceLogger } from '../util/log';

/** The service could not be used (unreachable, key refused): exit code 2, not a finding. */
export class ConnectionError extends Error {}

export interface OneShotSession {
  index: AnchorIndex;
  session: Session;
  /** What the run logged as warnings or errors, each once, for the end of the run. */
  warnings: Set<string>;
  log: OnceLogger;
  /** Signs in and loads; a refused key or an unusable service is a ConnectionError. */
  connect(serviceUrl: string, apiKey: string): Promise<ServiceStatus>;
  dispose(): Promise<void>;
}

/**
 * `dropMembers`: members the run never reads, cut from the service's answers before they are parsed
 * (ApiClientConfig.dropMembers). `anchorFilter`: the anchors the run needs placed (default: all).
 */
export function oneShotSession(
  opts: { dropMembers?: readonly string[]; anchorFilter?: (entry: AnchorEntry) => boolean } = {},
): OneShotSession {
  const warnings = new Set<string>();
  const log = new OnceLogger({
    info: () => undefined,
    warn: (m) => warnings.add(m),
    error: (m) => warnings.add(m),
  });
  const index = createEditorAnchorIndex(log, { watchGit: false });
  const session = new Session({
    index,
    log,
    // Nothing to answer while a component loads: each answer is parsed at once (streaming it in
    // slices, as the language server does for large ones, doubled the check's CPU).
    createApi: (config) =>
      new HttpLineageApi({
        ...config,
        streamFromBytes: Infinity,
        ...(opts.dropMembers ? { dropMembers: opts.dropMembers } : {}),
      }),
    // A one-shot run: the cache's compaction would cost CPU for memory kept only until exit.
    limits: { ...DEFAULT_LIMITS, compact: false },
    ...(opts.anchorFilter ? { anchorFilter: opts.anchorFilter } : {}),
    events: { status: () => undefined, dataChanged: () => undefined },
  });
  return {
    index,
    session,
    warnings,
    log,
    async connect(serviceUrl, apiKey) {
      await session.setCredentials({ serviceUrl, apiKey });
      const st = session.snapshot();
      if (st.state === 'keyRejected')
        throw new ConnectionError(
          `The service at ${serviceUrl} refused the API key in LINEAGE_LENS_API_KEY.`,
        );
      if (st.state !== 'connected')
        throw new ConnectionError(`The service at ${serviceUrl} could not be used: ${st.message}`);
      return st;
    },
    async dispose() {
      await session.dispose();
      // The index holds git processes (a blob reader per repository): they must not outlive the run.
      index.dispose();
    },
  };
}
