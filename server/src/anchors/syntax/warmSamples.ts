// Small sources in each parsed language, parsed once when the server starts (TreeSitterDefinitions.warm):
// V8 compiles WebAssembly lazily, function by function, and tiers hot code up only after it has run, so
// the first real parses of a process are several times slower than later ones. Parsing these first (in
// the background, while components load from the service) leaves the parser and the definitions query
// compiled for the first relocation. Each holds definitions, calls, comments and strings, so the paths
// the real files take are the ones exercised.
import type { GrammarName } from './languages';

const N = 12;
const each = (f: (i: number) => string[]) => Array.from({ length: N }, (_, i) => f(i)).flat();

const TS = [
  "import { send } from './transport';",
  ...each((i) => [
    `/** Step ${i}: calls the next one. */`,
    `export async function step${i}(order: { id: string; n: number }): Promise<number> {`,
    `  const x = await step${(i + 1) % N}({ ...order, n: order.n + 1 });`,
    `  if (x > ${i}) return send(\`order \${order.id}\`, [x, ${i}]);`,
    '  return x * 2;',
    '}',
  ]),
  'export class Orders<T> implements Store {',
  '  private readonly items = new Map<string, T>();',
  '  constructor(readonly name: string) {}',
  '  get(id: string): T | undefined { return this.items.get(id); }',
  '  place = (o: T) => { this.items.set(String(o), o); };',
  '}',
  'interface Store { name: string }',
  'type Id = string | number;',
  'enum Kind { A, B }',
  'const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);',
].join('\n');

export const WARM_SAMPLES: Record<GrammarName, string> = {
  go: [
    'package warm',
    '',
    'import "fmt"',
    ...each((i) => [
      `// Step${i} calls the next one.`,
      `func Step${i}(o Order) (int, error) {`,
      `\tx, err := Step${(i + 1) % N}(Order{ID: o.ID, N: o.N + 1})`,
      '\tif err != nil {',
      `\t\treturn 0, fmt.Errorf("step ${i}: %w", err)`,
      '\t}',
      '\treturn x * 2, nil',
      '}',
    ]),
    'type Order struct {',
    '\tID string',
    '\tN  int',
    '}',
    'func (s *Store) Save(o Order) error { return nil }',
  ].join('\n'),
  python: [
    'import os',
    '',
    ...each((i) => [
      '@staticmethod',
      `def step_${i}(order, n=0):`,
      `    """Step ${i}: calls the next one."""`,
      `    x = step_${(i + 1) % N}(order, n + 1)  # the next`,
      `    if x > ${i}:`,
      '        return [v * 2 for v in (x, n)]',
      `    return {"x": x, "path": os.path.join("a", f"{n}")}`,
      '',
    ]),
    'class Orders(object):',
    '    def __init__(self, name):',
    '        self.name = name',
    '    async def place(self, order):',
    '        return await self.save(order)',
  ].join('\n'),
  typescript: TS,
  tsx: TS,
  javascript: [
    "import { send } from './transport.js';",
    ...each((i) => [
      `/** Step ${i}: calls the next one. */`,
      `export async function step${i}(order) {`,
      `  const x = await step${(i + 1) % N}({ ...order, n: order.n + 1 });`,
      `  if (x > ${i}) return send(\`order \${order.id}\`, [x, ${i}]);`,
      '  return x * 2;',
      '}',
    ]),
    'export class Orders {',
    '  items = new Map();',
    '  constructor(name) { this.name = name; }',
    '  get(id) { return this.items.get(id); }',
    '  place = (o) => { this.items.set(String(o), o); };',
    '}',
    'const total = (xs) => xs.reduce((a, b) => a + b, 0);',
  ].join('\n'),
  java: [
    'package warm;',
    'import java.util.List;',
    'public class Orders {',
    ...each((i) => [
      `  /** Step ${i}: calls the next one. */`,
      `  public int step${i}(Order order, int n) throws Exception {`,
      `    int x = step${(i + 1) % N}(order, n + 1);`,
      `    if (x > ${i}) { return List.of(x, n).size() * 2; }`,
      `    return x + "${i}".length();`,
      '  }',
    ]),
    '  Orders() { super(); }',
    '  interface Store { void save(Order o); }',
    '  enum Kind { A, B }',
    '  record Order(String id, int n) {}',
    '}',
  ].join('\n'),
  'c-sharp': [
    'using System;',
    'namespace Warm {',
    ...each((i) => [
      `  /// Step${i} calls the next one.`,
      `  public static class Step${i} {`,
      `    public static int Run(Order o) { var x = Step${(i + 1) % N}.Run(new Order(o.Id, o.N + 1)); return x * 2; }`,
      '  }',
    ]),
    '  public record Order(string Id, int N);',
    '  public class Store { public Store() {} public void Save(Order o) { Console.WriteLine(o); } }',
    '}',
  ].join('\n'),
};
