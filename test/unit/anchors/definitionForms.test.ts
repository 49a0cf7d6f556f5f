// Every definition form an anchor can be on, found with the real grammars: each is a definition with
// its kind, its names (a function assigned to a member is known by the member and by its own name) and
// its container; calls, imports and values are not.
import assert from 'node:assert/strict';
import { extractDefinitions, type Definition } from '../../../server/src/anchors/syntax/definitions';
import { findWasmDir, loadGrammar } from '../../../server/src/anchors/syntax/treeSitter';
import type { GrammarName } from '../../../server/src/anchors/syntax/languages';

async function defs(language: GrammarName, text: string): Promise<Definition[]> {
  const dir = findWasmDir();
  assert.ok(dir, 'the tree-sitter grammars are installed');
  return [...extractDefinitions(await loadGrammar(dir, language), text).all];
}

/** name(s)/kind/container@line (1-based), for readable comparisons. */
function brief(d: Definition): string {
  return `${d.names.join('|')}/${d.kind}/${d.container}@${d.startLine + 1}-${d.endLine + 1}`;
}

describe('anchors: definition forms (tree-sitter)', () => {
  it('JavaScript: functions assigned to members and variables, by the member and by their own name', async () => {
    const js = [
      'module.exports = function charge (request) {', // 1
      '  return pay(request);', // 2
      '};', // 3
      'res.send = function send(body) { return body; };', // 4
      'app.all = function (path) { return path; };', // 5
      'Foo.prototype.bar = () => 1;', // 6
      'exports.refund = async function (r) { return r; };', // 7
      'const a = function () {};', // 8
      'let b = () => 2;', // 9
      'var c = function named() {};', // 10
      "defineGetter(req, 'ip', function ip() { return 1; });", // 11
      'pay(request); const value = 3;', // 12: a call and a value, no definition
      '',
    ].join('\n');
    assert.deepEqual((await defs('javascript', js)).map(brief), [
      'exports|charge/function/module@1-3',
      'send/function/res@4-4',
      'all/function/app@5-5',
      'bar/function/Foo.prototype@6-6',
      'refund/function/exports@7-7',
      'a/function/@8-8',
      'b/function/@9-9',
      'c|named/function/@10-10',
      'ip/function/@11-11',
    ]);
  });

  it('JavaScript: object-literal methods and properties, classes, fields and export default', async () => {
    const js = [
      'const api = {', // 1
      '  list() { return []; },', // 2
      '  get: function (id) { return id; },', // 3
      "  'put': (x) => x,", // 4
      '  size: 3,', // 5: a value
      '};', // 6
      'class Cart {', // 7
      '  total() { return 0; }', // 8
      '  add = (x) => x;', // 9
      '  count = 0;', // 10: a value
      '}', // 11
      'export default function checkout() {}', // 12
      '',
    ].join('\n');
    assert.deepEqual((await defs('javascript', js)).map(brief), [
      'list/method/api@2-2',
      'get/method/api@3-3',
      'put/method/api@4-4',
      'Cart/type/@7-11',
      'total/method/Cart@8-8',
      'add/method/Cart@9-9',
      'checkout/function/@12-12',
    ]);
  });

  it('TypeScript: class methods, fields holding functions, interfaces and exported arrows', async () => {
    const ts = [
      'export class Orders {', // 1
      '  place(o: Order): void {}', // 2
      '  cancel = (id: string) => id;', // 3
      '  items = new Map<string, number>();', // 4
      '}', // 5
      'export const render = (x: number) => x;', // 6
      'interface Store { save(): void }', // 7
      'export default function main() {}', // 8
      '',
    ].join('\n');
    assert.deepEqual((await defs('typescript', ts)).map(brief), [
      'Orders/type/@1-5',
      'place/method/Orders@2-2',
      'cancel/method/Orders@3-3',
      'render/function/@6-6',
      'Store/type/@7-7',
      'main/function/@8-8',
    ]);
  });

  it('TypeScript and JavaScript: a function assigned to a name or a plain member, nothing else assigned', async () => {
    const src = [
      'handler = function (e) { return e; };', // 1
      'this.onClose = () => 0;', // 2
      'a.b.c = async () => 1;', // 3
      'table[key] = () => 2;', // 4: computed: not a name
      'obj.count = 3;', // 5: a value
      'x.y = z = () => 4;', // 6: chained: only the inner assignment holds the function
      'class K { #run = 0; go() { this.#run = () => 5; } }', // 7: a private member is not a plain name
      'exports.pay = function pay() {};', // 8: the same name twice
      '',
    ].join('\n');
    const expected = [
      'handler/function/@1-1',
      'onClose/function/this@2-2',
      'c/function/a.b@3-3',
      'z/function/@6-6',
      'K/type/@7-7',
      'go/method/K@7-7',
      'pay/function/exports@8-8',
    ];
    for (const language of ['javascript', 'typescript', 'tsx'] as const)
      assert.deepEqual((await defs(language, src)).map(brief), expected, language);
  });

  it('Python: def and async def, decorated, nested, methods', async () => {
    const py = [
      '@app.route("/x")', // 1
      'async def handler(req):', // 2
      '    def inner():', // 3
      '        return 1', // 4
      '    return inner()', // 5
      'class EmailService:', // 6
      '    @staticmethod', // 7
      '    def send_email(to):', // 8
      '        pass', // 9
      '    async def close(self):', // 10
      '        pass', // 11
      '',
    ].join('\n');
    const found = await defs('python', py);
    assert.deepEqual(found.map(brief), [
      'handler/function/@2-5',
      'inner/function/handler@3-4',
      'EmailService/type/@6-11',
      'send_email/method/EmailService@8-9',
      'close/method/EmailService@10-11',
    ]);
    // A decorated definition's head is its first decorator.
    assert.equal(found[0]!.headLine, 0);
    assert.equal(found[3]!.headLine, 6);
  });

  it('Go: functions, methods with pointer and value receivers (generic too), types', async () => {
    const go = [
      'package checkout', // 1
      'func (cs *checkoutService) PlaceOrder(ctx context.Context) error {', // 2
      '\treturn cs.sendOrderConfirmation(ctx)', // 3
      '}', // 4
      'func (cs checkoutService) sendOrderConfirmation(ctx context.Context) error { return nil }', // 5
      'func (s *Store[T]) Save(v T) {}', // 6
      'func main() {}', // 7
      'type checkoutService struct{}', // 8
      '',
    ].join('\n');
    assert.deepEqual((await defs('go', go)).map(brief), [
      'PlaceOrder/method/checkoutService@2-4',
      'sendOrderConfirmation/method/checkoutService@5-5',
      'Save/method/Store@6-6',
      'main/function/@7-7',
      'checkoutService/type/@8-8',
    ]);
  });

  it('Java: methods, constructors, nested and anonymous classes', async () => {
    const java = [
      'class Cart {', // 1
      '  Cart() {}', // 2
      '  void checkout() {}', // 3
      '  Runnable r = new Runnable() {', // 4
      '    public void run() {}', // 5
      '  };', // 6
      '  static class Line {', // 7
      '    int total() { return 0; }', // 8
      '  }', // 9
      '}', // 10
      '',
    ].join('\n');
    assert.deepEqual((await defs('java', java)).map(brief), [
      'Cart/type/@1-10',
      'Cart/method/Cart@2-2',
      'checkout/method/Cart@3-3',
      'run/method/Runnable@5-5',
      'Line/type/Cart@7-9',
      'total/method/Line@8-8',
    ]);
  });

  it('C#: classes, constructors, methods, records and structs', async () => {
    const cs = [
      'namespace Shop {', // 1
      '  public class Cart {', // 2
      '    public Cart() {}', // 3
      '    public void Checkout() { Pay(); }', // 4
      '  }', // 5
      '  public record Order(int Id);', // 6
      '  struct Line {}', // 7
      '}', // 8
      '',
    ].join('\n');
    assert.deepEqual((await defs('c-sharp', cs)).map(brief), [
      'Cart/type/Shop@2-5',
      'Cart/method/Cart@3-3',
      'Checkout/method/Cart@4-4',
      'Order/type/Shop@6-6',
      'Line/type/Shop@7-7',
    ]);
  });
});
