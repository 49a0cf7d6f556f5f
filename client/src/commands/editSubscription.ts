// Edit Subscription (operation 3): four questions, numbered, each filled with what the user sent last
// time to this service (the service has no operation to read a subscription back), so a second edit
// is Enter, Enter, a change, Enter.
import * as vscode from 'vscode';
import { EMAIL_PATTERN, type SubscriptionUpdate } from '../../../common/src/api';
import { UpdateSubscriptionRequest } from '../../../common/src/protocol';
import { serviceUrl } from '../config';
import type { LineageContext } from '../lineageContext';
import { withNotificationProgress } from '../notificationProgress';
import { safeMessage, showRequestError } from '../serviceErrors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The last answers, per service URL, in the extension's global state (never in settings). */
const LAST_ANSWERS_KEY = 'lineageLens.subscriptionAnswers';

type Answers = Pick<SubscriptionUpdate, 'userId' | 'email' | 'codehostHandle' | 'chatChannel'>;

function lastAnswers(ctx: LineageContext): Answers {
  const all = ctx.extension.globalState.get<Record<string, Answers>>(LAST_ANSWERS_KEY) ?? {};
  return all[serviceUrl()] ?? {};
}

async function rememberAnswers(ctx: LineageContext, answers: Answers): Promise<void> {
  const all = ctx.extension.globalState.get<Record<string, Answers>>(LAST_ANSWERS_KEY) ?? {};
  await ctx.extension.globalState.update(LAST_ANSWERS_KEY, { ...all, [serviceUrl()]: answers });
}

export async function editSubscription(ctx: LineageContext, contractId: string | undefined): Promise<void> {
  if (!contractId)
    return void vscode.window.showInformationMessage(
      vscode.l10n.t('Choose a contract in the Contracts view.'),
    );
  const last = lastAnswers(ctx);
  const email = new RegExp(EMAIL_PATTERN);
  const questions: Array<{
    key: keyof Answers;
    title: string;
    prompt: string;
    validate?: (v: string) => string | undefined;
  }> = [
    {
      key: 'userId',
      title: vscode.l10n.t('User'),
      prompt: vscode.l10n.t('Your user id (UUID) on the service; leave empty to skip'),
      validate: (v) => (UUID.test(v) ? undefined : vscode.l10n.t('A user id is a UUID.')),
    },
    {
      key: 'email',
      title: vscode.l10n.t('E-mail'),
      prompt: vscode.l10n.t('E-mail for violation notices; leave empty to skip'),
      validate: (v) => (email.test(v) ? undefined : vscode.l10n.t('Not a valid e-mail address.')),
    },
    {
      key: 'codehostHandle',
      title: vscode.l10n.t('Code host'),
      prompt: vscode.l10n.t('Your handle on the code-hosting platform; leave empty to skip'),
    },
    {
      key: 'chatChannel',
      title: vscode.l10n.t('Chat channel'),
      prompt: vscode.l10n.t('Chat channel where violations are sent; leave empty to skip'),
    },
  ];
  const answers: Answers = {};
  for (const [i, q] of questions.entries()) {
    const value = await vscode.window.showInputBox({
      title: vscode.l10n.t('Edit Subscription ({0}/{1}): {2}', i + 1, questions.length, q.title),
      prompt: q.prompt,
      value: last[q.key],
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? undefined : q.validate?.(v.trim())),
    });
    if (value === undefined) return;
    if (value.trim()) answers[q.key] = value.trim();
  }
  const subscription: SubscriptionUpdate = { ...answers };
  if (UUID.test(contractId)) subscription.dataContractId = contractId;
  if (!subscription.email && !subscription.codehostHandle && !subscription.chatChannel) {
    return void vscode.window.showInformationMessage(
      vscode.l10n.t('Nothing to update: enter an e-mail, a handle or a chat channel.'),
    );
  }
  try {
    const saved = await withNotificationProgress(
      { title: vscode.l10n.t('Updating the subscription…'), cancellable: true },
      (_p, token) => ctx.request(UpdateSubscriptionRequest, { contractId, subscription }, token),
    );
    await rememberAnswers(ctx, answers);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Subscription {0} updated.', safeMessage(saved.id, 80)),
    );
  } catch (err) {
    await showRequestError(vscode.l10n.t('Could not update the subscription'), err);
  }
}
