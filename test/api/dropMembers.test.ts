// The API client asked to cut members before parsing (ApiClientConfig.dropMembers, as `lineage-lens
// impact` cuts the tags), against the real local service and the demo dataset: each component answer
// is the full answer without those members at any depth, and errors are untouched.
import assert from 'node:assert/strict';
import { HttpLineageApi } from '../../server/src/api/httpClient';
import { ServiceError } from '../../server/src/api/errors';
import { startLocalService, type LocalService } from '../helpers/localService';
import { rejection } from './assertions';
import { withoutMembers } from '../helpers/withoutMembers';

const TAGS = ['field_depends_on_tags', 'field_tags'];

describe('API client: members cut before parsing', function () {
  let service: LocalService;
  let full: HttpLineageApi;
  let cut: HttpLineageApi;

  before(async () => {
    service = await startLocalService();
    full = new HttpLineageApi({ baseUrl: service.url, apiKey: service.apiKey });
    cut = new HttpLineageApi({ baseUrl: service.url, apiKey: service.apiKey, dropMembers: TAGS });
  });
  after(async () => {
    await full?.close();
    await cut?.close();
    await service?.stop();
  });

  it('every demo component answer is the full answer without its tags', async () => {
    const { edges } = await full.getEdges();
    const ids = new Set(edges.flatMap((e) => [e.sourceComponentId, e.destinationComponentId]));
    let tagged = 0;
    for (const id of ids) {
      const a = await full.getComponent(id);
      const b = await cut.getComponent(id);
      if (JSON.stringify(a).includes('"field_depends_on_tags"')) tagged++;
      assert.ok(!JSON.stringify(b).includes('"field_depends_on_tags"'), id);
      assert.ok(!JSON.stringify(b).includes('"field_tags"'), id);
      assert.deepEqual(b, withoutMembers(a, TAGS));
    }
    assert.ok(tagged > 0, 'the demo answers carry depends-on tags');
  });

  it('an error answer is not touched', async () => {
    const err = await rejection(cut.getComponent('00000000-0000-4000-8000-00000000dead'), ServiceError);
    assert.equal(err.status, 404);
    assert.ok(err.message.length > 0);
  });
});
