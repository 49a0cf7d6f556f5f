// Which files are parsed, with which grammar, and which nodes count as definitions. Each pattern
// captures a definition's name as @name; definitions.ts finds the definition around it (the name's parent,
// or the assignment, declaration or property a function value is given to). Calls, imports and comments
// are never captured, so they can never become relocation targets. Files of other languages keep the
// text rules. A TypeScript class field is captured whole as @field and its function value checked in
// definitions.ts: the same test inside the query made compiling it one long blocking WebAssembly call.
// So is a function assigned to a name or member (@assigned, its name found in definitions.ts): a
// member's property inside the pattern doubled the TypeScript query's compile (~15 → ~8 ms).
import * as path from 'node:path';

export type GrammarName = 'go' | 'python' | 'typescript' | 'tsx' | 'javascript' | 'java' | 'c-sharp';

const FUNCTIONS_JS = `
(function_declaration name: (identifier) @name)
(generator_function_declaration name: (identifier) @name)
(method_definition name: (_) @name)
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])
(function_expression name: (identifier) @name)
(assignment_expression left: [(member_expression) (identifier)] right: [(arrow_function) (function_expression)]) @assigned
(pair key: [(property_identifier) (string)] @name value: [(arrow_function) (function_expression)])`;

const TYPESCRIPT = `${FUNCTIONS_JS}
(class_declaration name: (type_identifier) @name)
(abstract_class_declaration name: (type_identifier) @name)
(abstract_method_signature name: (_) @name)
(interface_declaration name: (type_identifier) @name)
(type_alias_declaration name: (type_identifier) @name)
(enum_declaration name: (identifier) @name)
(public_field_definition) @field`;

export const QUERIES: Record<GrammarName, string> = {
  go: `
(function_declaration name: (identifier) @name)
(method_declaration name: (field_identifier) @name)
(type_spec name: (type_identifier) @name)`,
  python: `
(function_definition name: (identifier) @name)
(class_definition name: (identifier) @name)`,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  javascript: `${FUNCTIONS_JS}
(class_declaration name: (identifier) @name)
(field_definition property: (_) @name value: [(arrow_function) (function_expression)])`,
  java: `
(method_declaration name: (identifier) @name)
(constructor_declaration name: (identifier) @name)
(class_declaration name: (identifier) @name)
(interface_declaration name: (identifier) @name)
(enum_declaration name: (identifier) @name)
(record_declaration name: (identifier) @name)`,
  'c-sharp': `
(method_declaration name: (identifier) @name)
(constructor_declaration name: (identifier) @name)
(local_function_statement name: (identifier) @name)
(class_declaration name: (identifier) @name)
(interface_declaration name: (identifier) @name)
(struct_declaration name: (identifier) @name)
(record_declaration name: (identifier) @name)
(enum_declaration name: (identifier) @name)`,
};

const BY_EXTENSION: Record<string, GrammarName> = {
  '.go': 'go',
  '.py': 'python',
  '.pyi': 'python',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.java': 'java',
  '.cs': 'c-sharp',
};

/** The grammar for a file, by its extension; undefined: not parsed (text rules). */
export function grammarFor(fsPath: string): GrammarName | undefined {
  return BY_EXTENSION[path.extname(fsPath).toLowerCase()];
}
