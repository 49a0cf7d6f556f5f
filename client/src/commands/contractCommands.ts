// Contract commands: Check Compliance (10) on a contract file, Delete (8), Edit Subscription (3), and
// adding/removing contract ids shown in the view.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { CheckComplianceRequest, DeleteContractRequest } from '../../../common/src/protocol';
import { updateIdList } from '../config';
import type { LineageContext } from '../lineageContext';
import { safeMessage, showRequestError } from '../serviceErrors';
import { StoreContractNode } from '../views/componentNodes';
import { ContractFileNode, ContractNode } from '../views/contractNodes';
import type { ContractsView } from '../views/contractsView';
import { withNotificationProgress } from '../notificationProgress';
import { count as countOf } from '../counts';
import { editSubscription } from './editSubscription';

function contractIdOf(arg: unknown): string | undefined {
  if (arg instanceof ContractNode) return arg.contractId;
  return typeof arg === 'string' && arg.trim() ? arg.trim() : undefined;
}

export function registerContractCommands(ctx: LineageContext, contracts: ContractsView): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.checkCompliance, (arg?: unknown) =>
      checkCompliance(ctx, contracts, arg),
    ),
    vscode.commands.registerCommand(Commands.deleteContract, (arg?: unknown) =>
      deleteContract(ctx, contracts, contractIdOf(arg)),
    ),
    vscode.commands.registerCommand(Commands.editSubscription, (arg?: unknown) =>
      editSubscription(ctx, contractIdOf(arg)),
    ),
    vscode.commands.registerCommand(Commands.refreshContract, (arg?: unknown) =>
      contracts.provider.refresh(arg instanceof ContractNode ? arg : undefined),
    ),
    vscode.commands.registerCommand(Commands.addContract, async () => {
      const id = await vscode.window.showInputBox({
        title: vscode.l10n.t('Add Contract'),
        prompt: vscode.l10n.t('Id of a contract to show in the Contracts view'),
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a contract id.')),
      });
      if (id?.trim()) await updateIdList('contracts', id.trim(), true);
    }),
    vscode.commands.registerCommand(Commands.removeContract, async (arg?: unknown) => {
      const id = contractIdOf(arg);
      if (id) await updateIdList('contracts', id, false);
    }),
  );
}

/** Checks a contract file (a URI or its string, a tree node, or the active editor's file). */
async function checkCompliance(
  ctx: LineageContext,
  contracts: ContractsView,
  arg: unknown,
): Promise<unknown> {
  const uri =
    arg instanceof vscode.Uri
      ? arg
      : typeof arg === 'string' // a contract file's lens (the language server's URI)
        ? vscode.Uri.parse(arg, true)
        : arg instanceof ContractFileNode || arg instanceof StoreContractNode
          ? arg.uri
          : vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    return vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Open a contract file (YAML or JSON with a dataAssetResourceName and a schema) to check it.',
      ),
    );
  }
  const name = vscode.workspace.asRelativePath(uri);
  try {
    const result = await withNotificationProgress(
      { title: vscode.l10n.t('Checking compliance of {0}…', name), cancellable: true },
      (_p, token) => ctx.request(CheckComplianceRequest, { uri: uri.toString() }, token),
    );
    contracts.setResult(uri, {
      darn: result.darn,
      violations: result.violations,
      checkedAt: new Date().toISOString(),
    });
    const count = result.violations.length;
    ctx.log.info(`Compliance of ${name} (${result.darn}): ${count} violation${count === 1 ? '' : 's'}`);
    if (count === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('{0} is compliant with its contract ({1}).', name, safeMessage(result.darn, 200)),
      );
    } else {
      const problems = vscode.l10n.t('Show Problems');
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t(
            '{0}: {1} of the contract on {2}.',
            name,
            countOf(count, 'violation'),
            safeMessage(result.darn, 200),
          ),
          problems,
        )
        .then((c) =>
          c === problems ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined,
        );
    }
    return result;
  } catch (err) {
    await showRequestError(vscode.l10n.t('Compliance check of {0} failed', name), err);
    return undefined;
  }
}

async function deleteContract(
  ctx: LineageContext,
  contracts: ContractsView,
  contractId: string | undefined,
): Promise<void> {
  if (!contractId)
    return void vscode.window.showInformationMessage(
      vscode.l10n.t('Choose a contract in the Contracts view.'),
    );
  const del = vscode.l10n.t('Delete');
  const sure = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete contract {0} on the service?', contractId),
    { modal: true, detail: vscode.l10n.t('This cannot be undone.') },
    del,
  );
  if (sure !== del) return;
  try {
    const { message } = await withNotificationProgress(
      { title: vscode.l10n.t('Deleting contract…'), cancellable: true },
      (_p, token) => ctx.request(DeleteContractRequest, { contractId }, token),
    );
    await updateIdList('contracts', contractId, false);
    contracts.provider.refresh();
    void vscode.window.showInformationMessage(safeMessage(message) || vscode.l10n.t('Contract deleted.'));
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not delete the contract'), err);
  }
}
