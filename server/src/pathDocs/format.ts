// Format Document for path documents (jsonc-parser's formatter, the one VS Code's JSON support uses):
// the server, not VS Code's JSON extension, serves path documents, so it formats them too.
import { format } from 'jsonc-parser';
import type { FormattingOptions, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export function formatPathDocument(doc: TextDocument, options: FormattingOptions): TextEdit[] {
  const text = doc.getText();
  const edits = format(text, undefined, {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    insertFinalNewline: options.insertFinalNewline === true,
  });
  return edits.map((e) => ({
    range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) },
    newText: e.content,
  }));
}
