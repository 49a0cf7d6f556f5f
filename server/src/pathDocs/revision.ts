// The revision a path document is read at: saving compares it with the path's current revision, so an
// edit made against data the service has since changed is not written over it.
import { createHash } from 'node:crypto';
import type { LineagePath } from '../../../common/src/api';

/** Opaque revision of a path as the service sent it: the hash of its JSON. */
export function pathRevision(path: LineagePath): string {
  return createHash('sha256').update(JSON.stringify(path)).digest('hex').slice(0, 24);
}
