// Mocha reporter: the spec output people read, plus a JSON summary file scripts/test.mjs sums up.
const Mocha = require('mocha');
const { writeFileSync } = require('node:fs');

class SpecAndJson extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const output = options.reporterOption?.output ?? options.reporterOptions?.output;
    const failed = [];
    runner.on('fail', (test, err) =>
      failed.push({ title: test.fullTitle(), error: String(err && err.message) }),
    );
    runner.once('end', () => {
      if (output) writeFileSync(output, JSON.stringify({ stats: runner.stats, failures: failed }, null, 2));
    });
  }
}
module.exports = SpecAndJson;
