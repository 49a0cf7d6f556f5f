// Minimal extension for the harness self-test: registers one command.
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('lineageHarnessSelftest.hello', () => 'hello from the harness self-test'),
  );
}

function deactivate() {}

module.exports = { activate, deactivate };
