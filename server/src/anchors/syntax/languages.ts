// Which files are parsed, with which grammar, and which nodes count as definitions. Each query
// captures a definition as @def and its name as @name; calls, imports and comments are never captured,
// so they can never become relocation targets. Files of other languages keep the text rules.
import * as path from 'node:path';

export type GrammarName = 'go' | 'python' | 'typescript' | 'tsx' | 'javascript' | 'java';

const FUNCTIONS_JS = `
(function_declaration name: (identifier) @name) @def
(generator_function_declaration name: (identifier) @name) @def
(method_definition name: (_) @name) @def
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @def`;

const TYPESCRIPT = `${FUNCTIONS_JS}
(class_declaration name: (type_identifier) @name) @def
(abstract_class_declaration name: (type_identifier) @name) @def
(abstract_method_signature name: (_) @name) @def
(interface_declaration name: (type_identifier) @name) @def
(type_alias_declaration name: (type_identifier) @name) @def
(enum_declaration name: (identifier) @name) @def
(public_field_definition name: (_) @name value: [(arrow_function) (function_expression)]) @def`;

export const QUERIES: Record<GrammarName, string> = {
  go: `
(function_declaration name: (identifier) @name) @def
(method_declaration name: (field_identifier) @name) @def
(type_spec name: (type_identifier) @name) @def`,
  python: `
(function_definition name: (identifier) @name) @def
(class_definition name: (identifier) @name) @def`,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  javascript: `${FUNCTIONS_JS}
(class_declaration name: (identifier) @name) @def
(field_definition property: (_) @name value: [(arrow_function) (function_expression)]) @def`,
  java: `
(method_declaration name: (identifier) @name) @def
(constructor_declaration name: (identifier) @name) @def
(class_declaration name: (identifier) @name) @def
(interface_declaration name: (identifier) @name) @def
(enum_declaration name: (identifier) @name) @def
(record_declaration name: (identifier) @name) @def`,
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
};

/** The grammar for a file, by its extension; undefined: not parsed (text rules). */
export function grammarFor(fsPath: string): GrammarName | undefined {
  return BY_EXTENSION[path.extname(fsPath).toLowerCase()];
}
