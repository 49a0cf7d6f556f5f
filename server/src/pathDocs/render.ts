// Path documents: the path in the round-trip format as 2-space JSON, with the revision it was read at.
import { LineagePath, stripWriteOnly } from '../../../common/src/api';
import type { PathDocument } from '../../../common/src/protocol';
import { pathRevision } from './revision';

export function renderPathDocument(path: LineagePath): PathDocument {
  return {
    text: `${JSON.stringify(stripWriteOnly(LineagePath, path), null, 2)}\n`,
    revision: pathRevision(path),
  };
}
