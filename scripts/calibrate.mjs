// How fast this machine runs work of the language server's kind, as one figure: the benchmarks' times
// move with the machine (the same build's load took 1.6 s on one machine and 2.8 s on another), and
// this tells a slower machine from slower code. A fixed, seeded workload on one thread: JSON texts
// shaped like component answers parsed, walked, and their names counted in a Map. Prints the median of
// seven rounds after a warm-up (lower is faster). Usage: node scripts/calibrate.mjs [--json]
import { performance } from 'node:perf_hooks';
import { mulberry32 } from './seededRandom.mjs';

function answer(rand, k) {
  const word = () => ['order', 'invoice', 'customer', 'email', 'amount', 'tax', 'id'][Math.floor(rand() * 7)];
  const paths = Array.from({ length: 50 }, (_, i) => ({
    id: `path-${k}-${i}`,
    ingress: {
      signature_name: `handle_${word()}_${i}`,
      schema: {
        type: 'object',
        properties: Object.fromEntries([1, 2, 3, 4].map((j) => [`${word()}_${j}`, { type: 'string' }])),
      },
      field_depends_on_tags: [
        { field_path: word(), depends_on: [{ tag: 'PII', hops: 1 + Math.floor(rand() * 3) }] },
      ],
    },
    egress: { signature_name: `put_${word()}` },
    code_anchors: [
      {
        anchor_id: `a-${k}-${i}`,
        file: `src/${word()}/${word()}_${i}.ts`,
        line_start: 1 + Math.floor(rand() * 200),
      },
    ],
  }));
  return JSON.stringify({ component: { id: `component-${k}`, type: 'CODE', paths } });
}

const rand = mulberry32(23);
const texts = Array.from({ length: 1000 }, (_, k) => answer(rand, k));

function round() {
  const names = new Map();
  let anchors = 0;
  for (const text of texts) {
    const c = JSON.parse(text).component;
    for (const p of c.paths) {
      for (const side of [p.ingress, p.egress])
        names.set(side.signature_name, (names.get(side.signature_name) ?? 0) + 1);
      anchors += p.code_anchors.length;
    }
  }
  return names.size + anchors;
}

round();
const times = [];
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  round();
  times.push(performance.now() - t);
}
const median = [...times].sort((a, b) => a - b)[3];
if (process.argv.includes('--json')) console.log(JSON.stringify({ calibrationMs: Math.round(median) }));
else console.log(`calibration: ${median.toFixed(0)} ms (scripts/calibrate.mjs; lower is faster)`);
