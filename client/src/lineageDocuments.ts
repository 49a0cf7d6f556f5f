// Documents that give the language server something to do in any window: path documents and
// contract files (by name; see common/src/contractFileNames.ts).
import * as vscode from 'vscode';
import { isContractFileName } from '../../common/src/contractFileNames';
import { PATH_DOCUMENT_LANGUAGE, PATH_DOCUMENT_SCHEME } from '../../common/src/protocol';

export function isLineageDocument(doc: vscode.TextDocument): boolean {
  return (
    doc.uri.scheme === PATH_DOCUMENT_SCHEME ||
    doc.languageId === PATH_DOCUMENT_LANGUAGE ||
    (doc.uri.scheme === 'file' && isContractFileName(doc.uri.path))
  );
}
