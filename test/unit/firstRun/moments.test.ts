// One date format everywhere: ISO order, UTC, minutes (the time alone, with seconds, for today's status).
import { strict as assert } from 'node:assert';
import { formatClock, formatMoment } from '../../../common/src/moments';

describe('moments', () => {
  it('shows a moment as "YYYY-MM-DD HH:MM UTC" whatever its offset', () => {
    assert.equal(formatMoment('2025-11-03T10:00:59+01:00'), '2025-11-03 09:00 UTC');
    assert.equal(formatMoment(new Date(Date.UTC(2026, 0, 2, 3, 4))), '2026-01-02 03:04 UTC');
    assert.equal(formatMoment('not a date'), 'not a date');
  });

  it("shows today's moments as the time with seconds, others with their date", () => {
    const now = new Date('2026-11-23T16:00:00Z');
    assert.equal(formatClock(new Date('2026-11-23T15:45:55Z'), now), '15:45:55 UTC');
    assert.equal(formatClock(new Date('2026-11-22T15:45:55Z'), now), '2026-11-22 15:45 UTC');
    assert.equal(formatClock(undefined, now), 'unknown');
  });
});
