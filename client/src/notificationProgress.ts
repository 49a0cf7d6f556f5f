// Progress as a notification, finished before the caller shows the result. VS Code keeps a progress
// notification on screen for at least 800 ms after it appeared (against flicker), even when the task
// was done sooner, so a result message shown at once sat beside a still-spinning "Checking…". The
// workbench offers no event for the notification closing, so the task's end is held back to that
// minimum (plus the extension-host → window delay); slower tasks are not delayed at all.
import * as vscode from 'vscode';

/** The workbench's minimum (800 ms) and a margin for the message to reach the window. */
export const MIN_NOTIFICATION_PROGRESS_MS = 1000;

export async function withNotificationProgress<R>(
  options: { title: string; cancellable?: boolean },
  task: (
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    token: vscode.CancellationToken,
  ) => Thenable<R>,
): Promise<R> {
  const started = Date.now();
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, ...options },
      task,
    );
  } finally {
    const left = MIN_NOTIFICATION_PROGRESS_MS - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
