// The definitions of one text (functions, methods, classes, types), found with tree-sitter. Trees are
// freed as soon as the table is built (they live in WebAssembly memory, which never shrinks); the
// small tables are cached per file and text version, a bounded number of them.
import type { LoadedGrammar } from './treeSitter';

export interface Definition {
  name: string;
  /** 0-based lines of the whole definition (first..last, inclusive). */
  startLine: number;
  endLine: number;
  /** Its first line with its decorators (Python), else `startLine`. */
  headLine: number;
  /** Where the name itself is (0-based line, UTF-16 columns). */
  nameLine: number;
  nameStart: number;
  nameEnd: number;
}

/** A text's definitions by name, in the text's order. */
export type DefinitionTable = ReadonlyMap<string, readonly Definition[]>;

/** Parses `text` and lists its definitions. The tree is deleted before returning. */
export function extractDefinitions(grammar: LoadedGrammar, text: string): DefinitionTable {
  const tree = grammar.parser.parse(text);
  if (!tree) return new Map();
  const out = new Map<string, Definition[]>();
  try {
    // Only @name is captured (one object per definition); the definition is the name's parent node.
    for (const capture of grammar.query.captures(tree.rootNode)) {
      const name = capture.name === FIELD ? functionFieldName(capture.node) : capture.node;
      const def = name?.parent;
      if (!name || !def) continue;
      // `const f = () => …`: the definition is the whole declaration statement.
      const whole = def.type === 'variable_declarator' && def.parent ? def.parent : def;
      const start = utf16Column(text, name.startIndex);
      const d: Definition = {
        name: name.text,
        startLine: whole.startPosition.row,
        endLine: whole.endPosition.row,
        headLine: headLineOf(whole),
        nameLine: name.startPosition.row,
        nameStart: start,
        nameEnd: start + name.text.length,
      };
      const list = out.get(d.name);
      if (list) list.push(d);
      else out.set(d.name, [d]);
    }
  } finally {
    tree.delete();
  }
  return out;
}

type Node = NonNullable<ReturnType<LoadedGrammar['parser']['parse']>>['rootNode'];

/** The capture of a whole class field (languages.ts), a definition only when its value is a function. */
const FIELD = 'field';
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression']);

/** A class field's name when the field holds a function (`place = (o) => …`), else undefined. */
function functionFieldName(field: Node): Node | undefined {
  const value = field.childForFieldName('value');
  return value && FUNCTION_VALUES.has(value.type)
    ? (field.childForFieldName('name') ?? undefined)
    : undefined;
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
