// The narrow views of the session that features and requests take, so each says what it reads or
// changes (the anchor index, the component cache, the connection status, the service, the settings)
// instead of reaching into the whole Session. The Session satisfies all of them; tests can hand in
// just the part a feature needs.
import type { AnchorIndex } from '../anchors';
import type { LineageApi } from '../api/apiClient';
import type { LineageSettings, ServiceStatus } from '../../../common/src/protocol';
import type { ComponentStore } from './componentStore';
import type { StatusTracker } from './status';

/** The anchor index as features read it: anchors by position, file or id, and their drift. */
export type AnchorReader = Pick<
  AnchorIndex,
  'anchorsAt' | 'anchorsInFile' | 'anchor' | 'drift' | 'drifts' | 'chooseCandidate'
>;

/** The anchor index as a repair writes it: drifts after renewing git's mapping of the files. */
export type AnchorRepairIndex = Pick<
  AnchorIndex,
  'drift' | 'unrecordable' | 'placeAt' | 'refreshFiles' | 'noteWrittenFromBuffer'
>;

/** The component cache, read only. */
export type ComponentReader = Pick<ComponentStore, 'get' | 'findPath' | 'all' | 'size'>;

/** The component cache as the views read it (which ids are wanted, why one failed, touching on use). */
export type ViewStore = ComponentReader &
  Pick<ComponentStore, 'use' | 'wantedIds' | 'failure' | 'projection'>;

/** The service, for requests that call it; api() throws SignedOutError when signed out. */
export interface ServiceAccess {
  api(): LineageApi;
  readonly signedIn: boolean;
}

/** The settings in effect. */
export interface SettingsSource {
  readonly settings: LineageSettings;
}

/** The connection state (for banners) and its snapshot (for views). */
export interface StatusSource {
  readonly status: Pick<StatusTracker, 'state' | 'lastLoadedAt' | 'unreachableSince'>;
  snapshot(): ServiceStatus;
}

/** What a write to a component needs: the service, the settings, re-reading it and telling everyone. */
export interface ComponentWriter extends ServiceAccess, SettingsSource {
  readonly store: Pick<ComponentStore, 'findPath' | 'reloadOne'>;
  /** Rebuilds the index and tells the views that this component changed. */
  componentChanged(id: string): Promise<void>;
}
