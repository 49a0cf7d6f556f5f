// The definitions of one text (functions, methods, classes, types), found with tree-sitter, each with
// what makes it *that* code: its kind, every name it is known by and its container (class, receiver,
// module object). Trees are freed as soon as the table is built (they live in WebAssembly memory,
// which never shrinks); the small tables are cached per file and text version, a bounded number of them.
import type { LoadedGrammar } from './treeSitter';

/** Functions; methods (of a class, receiver or object literal); types (classes, interfaces, enums, …). */
export type DefinitionKind = 'function' | 'method' | 'type';

export interface Definition {
  /** The name it is known by first: the member or variable a function is assigned to, else its own. */
  name: string;
  /** Every name it is known by (`res.send = function send`: send; `module.exports = function charge`: exports, charge). */
  names: readonly string[];
  kind: DefinitionKind;
  /** The class, receiver type, enclosing function or object it belongs to ('' at the top level). */
  container: string;
  /** 0-based lines of the whole definition (first..last, inclusive). */
  startLine: number;
  endLine: number;
  /** Its first line with its decorators (Python), else `startLine`. */
  headLine: number;
  /** Where the name itself is (0-based line, UTF-16 columns). */
  nameLine: number;
  nameStart: number;
  nameEnd: number;
  /** The definition's text in the file (UTF-16 offsets), for its fingerprint. */
  startIndex: number;
  endIndex: number;
}

/** A text's definitions by each of their names, in the text's order; `all` once each, in the text's order. */
export interface DefinitionTable extends ReadonlyMap<string, readonly Definition[]> {
  readonly all: readonly Definition[];
}

/** Parses `text` and lists its definitions. The tree is deleted before returning. */
export function extractDefinitions(grammar: LoadedGrammar, text: string): DefinitionTable {
  const byName = new Map<string, Definition[]>();
  const all: Definition[] = [];
  const tree = grammar.parser.parse(text);
  if (!tree) return Object.assign(byName, { all });
  /** The same definition reached through several names (an assignment and its function's own name). */
  const byNode = new Map<number, Definition>();
  try {
    for (const capture of grammar.query.captures(tree.rootNode)) {
      const name =
        capture.name === FIELD
          ? functionFieldName(capture.node)
          : capture.name === ASSIGNED
            ? assignedName(capture.node)
            : capture.node;
      if (!name?.parent) continue;
      const whole = definitionNode(name);
      if (!whole) continue;
      const nameText = unquote(name.text);
      if (!nameText) continue;
      const had = byNode.get(whole.id);
      if (had) {
        if (!had.names.includes(nameText)) (had.names as string[]).push(nameText);
        continue;
      }
      const start = utf16Column(text, name.startIndex);
      const d: Definition = {
        name: nameText,
        names: [nameText],
        kind: kindOf(whole),
        container: containerOf(whole),
        startLine: whole.startPosition.row,
        endLine: whole.endPosition.row,
        headLine: headLineOf(whole),
        nameLine: name.startPosition.row,
        nameStart: start,
        nameEnd: start + name.text.length,
        startIndex: whole.startIndex,
        endIndex: whole.endIndex,
      };
      byNode.set(whole.id, d);
      all.push(d);
    }
  } finally {
    tree.delete();
  }
  all.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  for (const d of all)
    for (const n of d.names) {
      const list = byName.get(n);
      if (list) list.push(d);
      else byName.set(n, [d]);
    }
  return Object.assign(byName, { all });
}

type Node = NonNullable<ReturnType<LoadedGrammar['parser']['parse']>>['rootNode'];

/** The capture of a whole class field (languages.ts), a definition only when its value is a function. */
const FIELD = 'field';
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression']);
/** Where a function value is given a name: the definition is that statement or property. */
const HOLDERS = new Set(['assignment_expression', 'variable_declarator', 'pair']);

/** The capture of a whole assignment of a function to a name or a member (languages.ts). */
const ASSIGNED = 'assigned';

/**
 * The name a function is assigned to: `f = …` its identifier, `x.y = …` the member's property when it
 * is a plain property name (not `x.#y`, not computed), else undefined.
 */
function assignedName(assignment: Node): Node | undefined {
  const left = assignment.childForFieldName('left');
  if (left?.type === 'identifier') return left;
  if (left?.type !== 'member_expression') return undefined;
  const property = left.childForFieldName('property');
  return property?.type === 'property_identifier' ? property : undefined;
}

/** A class field's name when the field holds a function (`place = (o) => …`), else undefined. */
function functionFieldName(field: Node): Node | undefined {
  const value = field.childForFieldName('value');
  return value && FUNCTION_VALUES.has(value.type)
    ? (field.childForFieldName('name') ?? undefined)
    : undefined;
}

/**
 * The definition a captured name belongs to: its parent, except that a function value's definition is
 * where it is given its name (`x.y = function z() {}`, `const f = () => …`, `{ key: function () {} }`),
 * so a named function expression and the member it is assigned to are one definition with two names.
 */
function definitionNode(name: Node): Node | undefined {
  let def: Node | null = name.parent;
  if (!def) return undefined;
  if (def.type === 'member_expression') def = def.parent; // x.y = function …
  if (def?.type === 'function_expression' && def.parent && HOLDERS.has(def.parent.type)) {
    const holder = def.parent;
    // Only as the value given a name (not `f(function g() {})` inside a right-hand side).
    const value = holder.childForFieldName(holder.type === 'assignment_expression' ? 'right' : 'value');
    if (value?.id === def.id) def = holder;
  }
  // `const f = () => …`: the definition is the whole declaration statement.
  if (def?.type === 'variable_declarator' && def.parent) def = def.parent;
  return def ?? undefined;
}

const TYPE_NODES = new Set([
  'class_declaration',
  'abstract_class_declaration',
  'class_definition',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'type_spec',
  'struct_declaration',
  'record_declaration',
]);
const METHOD_NODES = new Set([
  'method_definition',
  'method_declaration',
  'constructor_declaration',
  'abstract_method_signature',
  'public_field_definition',
  'field_definition',
  'pair',
]);

function kindOf(def: Node): DefinitionKind {
  if (TYPE_NODES.has(def.type)) return 'type';
  if (METHOD_NODES.has(def.type)) return 'method';
  // A Python def directly in a class body.
  if (def.type === 'function_definition') {
    const owner = (def.parent?.type === 'decorated_definition' ? def.parent : def).parent?.parent;
    if (owner?.type === 'class_definition') return 'method';
  }
  return 'function';
}

/** Nodes whose name makes the container of what is defined inside them. */
const NAMED_OWNERS = new Set([
  ...TYPE_NODES,
  'class',
  'function_declaration',
  'generator_function_declaration',
  'function_definition',
  'method_definition',
  'method_declaration',
  'constructor_declaration',
  'local_function_statement',
  'namespace_declaration',
]);

/**
 * The container: a Go method's receiver type; the object a function is assigned to a member of; else
 * the nearest enclosing named definition (class, function) or the owner of an object literal.
 */
function containerOf(def: Node): string {
  if (def.type === 'method_declaration') {
    const receiver = def.childForFieldName('receiver');
    if (receiver) return receiverType(receiver.text);
  }
  if (def.type === 'assignment_expression') {
    const left = def.childForFieldName('left');
    if (left?.type === 'member_expression') return squash(left.childForFieldName('object')?.text ?? '');
  }
  for (let n = def.parent; n; n = n.parent) {
    if (NAMED_OWNERS.has(n.type)) {
      const name = n.childForFieldName('name');
      if (name) return name.text;
    }
    if (n.type === 'object_creation_expression') return squash(n.childForFieldName('type')?.text ?? '');
    if (n.type === 'object') {
      const owner = n.parent;
      if (owner?.type === 'variable_declarator') return owner.childForFieldName('name')?.text ?? '';
      if (owner?.type === 'assignment_expression') return squash(owner.childForFieldName('left')?.text ?? '');
    }
  }
  return '';
}

/** `(s *Server[T])` → `Server`; `(Server)` → `Server`. */
function receiverType(receiver: string): string {
  const m = /([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)\s*$/u.exec(receiver);
  return m?.[1] ?? squash(receiver);
}

function squash(s: string): string {
  return s.replace(/\s+/g, '');
}

/** A property key written as a string (`'ip': function …`) names the property without its quotes. */
function unquote(s: string): string {
  return /^(['"`]).*\1$/s.test(s) ? s.slice(1, -1) : s;
}

/**
 * Where a definition's head starts: a Python `decorated_definition` around it (decorators), so an anchor
 * recorded from a decorator counts as on the definition. Comments above are not part of it (scanners
 * record from the keyword, as go/ast, Python's ast and TypeScript's getStart do).
 */
function headLineOf(def: Node): number {
  return (def.parent?.type === 'decorated_definition' ? def.parent : def).startPosition.row;
}

/** The UTF-16 column of a UTF-16 offset (web-tree-sitter's startIndex counts UTF-16 units for string input). */
function utf16Column(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return offset - lineStart;
}
