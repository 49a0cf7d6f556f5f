// Scripted answers for the prompts of one test. The extension host has no user to click, so for the
// duration of a test the four prompt functions of `vscode.window` are replaced by functions that
// record what was asked (text, modal flag, buttons, items, validation messages) and answer from a
// script. The service, the language server and VS Code stay real. Call `restore()` in afterEach.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/**
 * Each extension gets its own `vscode` API object. When the extension is installed from a .vsix the
 * suite runs beside it (not inside it), so replacing this module's prompt functions would not reach
 * the extension: scripted-dialog tests run against the development extension only and are skipped
 * (reported as pending) in the .vsix run.
 */
export function skipWhenInstalledFromVsix(ctx: Mocha.Context): void {
  if (process.env.LINEAGE_TEST_FROM_VSIX === '1') ctx.skip();
}

export type PromptKind = 'warning' | 'information' | 'inputBox' | 'quickPick';

/** One prompt the extension showed. */
export interface ShownPrompt {
  kind: PromptKind;
  /** Message text (warning/information) or the title/prompt of an input box or quick pick. */
  text: string;
  modal: boolean;
  detail?: string;
  /** Button titles (messages) or item labels (quick picks). */
  choices: string[];
  /** Options as given (input box, quick pick). */
  options?: vscode.InputBoxOptions | vscode.QuickPickOptions;
  /** The items as given (quick picks; separators included). */
  items?: vscode.QuickPickItem[];
  /** Messages `validateInput` gave for the scripted values it refused (input boxes). */
  refused: string[];
  /** What the script answered (undefined = dismissed / Cancel / Escape). */
  answer: string | undefined;
}

/**
 * An answer: a button title or item label to pick, `undefined` to dismiss, or for input boxes a list
 * of values typed one after another: each is run through `validateInput`, refused ones are recorded,
 * and the first accepted one is the answer (none accepted = the user gave up with Escape); for a
 * multi-select quick pick (`canPickMany`), `pick` says which items are selected when it is accepted.
 */
export type Answer =
  string | undefined | { type: string[] } | { pick: (item: vscode.QuickPickItem) => boolean };

interface Step {
  kind: PromptKind;
  answer: Answer;
  /** Only prompts whose text matches are answered by this step (others fail the test). */
  match?: RegExp;
}

const REPLACED = ['showWarningMessage', 'showInformationMessage', 'showInputBox', 'showQuickPick'] as const;

export class ScriptedDialogs {
  readonly shown: ShownPrompt[] = [];
  private readonly steps: Step[] = [];
  private readonly originals = new Map<string, unknown>();
  /** Non-modal notifications nobody scripted are recorded and dismissed rather than failing. */
  private readonly strict: boolean;

  constructor(opts: { strict?: boolean } = {}) {
    this.strict = opts.strict ?? false;
    const w = vscode.window as unknown as Record<string, unknown>;
    for (const name of REPLACED) this.originals.set(name, w[name]);
    w.showWarningMessage = (message: string, ...rest: unknown[]) => this.message('warning', message, rest);
    w.showInformationMessage = (message: string, ...rest: unknown[]) =>
      this.message('information', message, rest);
    w.showInputBox = (options?: vscode.InputBoxOptions) => this.inputBox(options ?? {});
    w.showQuickPick = (items: unknown, options?: vscode.QuickPickOptions) =>
      this.quickPick(items, options ?? {});
  }

  /** Queues the answer for the next prompt of this kind (in order). */
  answer(kind: PromptKind, answer: Answer, match?: RegExp): this {
    this.steps.push({ kind, answer, match });
    return this;
  }

  /** Puts the original functions back (afterEach). */
  restore(): void {
    const w = vscode.window as unknown as Record<string, unknown>;
    for (const [name, fn] of this.originals) w[name] = fn;
    this.originals.clear();
  }

  /** The prompts of one kind shown so far. */
  ofKind(kind: PromptKind): ShownPrompt[] {
    return this.shown.filter((p) => p.kind === kind);
  }

  /** Modal prompts shown so far (the ones a user must answer). */
  modals(): ShownPrompt[] {
    return this.shown.filter((p) => p.modal);
  }

  /** Answers not used yet (a test can assert every scripted prompt appeared). */
  pending(): Array<{ kind: PromptKind; answer: Answer }> {
    return this.steps.map(({ kind, answer }) => ({ kind, answer }));
  }

  /** Resolves when a prompt matching `pred` has been shown (now or later). */
  waitFor(pred: (p: ShownPrompt) => boolean, timeoutMs = 20_000): Promise<ShownPrompt> {
    const found = this.shown.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `no prompt as expected within ${timeoutMs} ms; shown: ${JSON.stringify(this.shown.map((p) => [p.kind, p.text]))}`,
          ),
        );
      }, timeoutMs);
      const check = (p: ShownPrompt): void => {
        if (!pred(p)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(p);
      };
      this.waiters.add(check);
    });
  }

  private readonly waiters = new Set<(p: ShownPrompt) => void>();

  private record(p: ShownPrompt): void {
    this.shown.push(p);
    for (const w of [...this.waiters]) w(p);
  }

  /** The next scripted step for a prompt; unscripted modal prompts and input fail loudly. */
  private take(kind: PromptKind, text: string, modal: boolean): Step | undefined {
    const i = this.steps.findIndex((s) => s.kind === kind);
    const step = i >= 0 ? this.steps[i] : undefined;
    if (step && (!step.match || step.match.test(text))) {
      this.steps.splice(i, 1);
      return step;
    }
    if (this.strict || modal || kind === 'inputBox' || kind === 'quickPick') {
      const why = `unscripted ${modal ? 'modal ' : ''}${kind} prompt: ${JSON.stringify(text)}`;
      this.record({ kind, text, modal, choices: [], refused: [], answer: undefined });
      // Reported through the test's assertions on `shown`/`pending`; the prompt itself is dismissed.
      console.error(`[scriptedDialogs] ${why}`);
    }
    return undefined;
  }

  private async message(kind: 'warning' | 'information', message: string, rest: unknown[]): Promise<unknown> {
    let options: vscode.MessageOptions = {};
    let items = rest;
    if (
      rest.length &&
      rest[0] !== undefined &&
      typeof rest[0] === 'object' &&
      !('title' in (rest[0] as object))
    ) {
      options = rest[0] as vscode.MessageOptions;
      items = rest.slice(1);
    }
    const titles = items.map((i) => (typeof i === 'string' ? i : (i as vscode.MessageItem).title));
    const modal = options.modal === true;
    const step = this.take(kind, message, modal);
    if (!step && (this.strict || modal)) return undefined;
    const answer = step && typeof step.answer === 'string' ? step.answer : undefined;
    if (answer !== undefined)
      assert.ok(
        titles.includes(answer),
        `scripted answer ${JSON.stringify(answer)} is not a button of ${JSON.stringify(message)}: ${JSON.stringify(titles)}`,
      );
    this.record({ kind, text: message, modal, detail: options.detail, choices: titles, refused: [], answer });
    const picked = answer === undefined ? undefined : items[titles.indexOf(answer)];
    return picked;
  }

  private async inputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const text = [options.title, options.prompt].filter(Boolean).join(' — ');
    const step = this.take('inputBox', text, true);
    const refused: string[] = [];
    let answer: string | undefined;
    if (step) {
      const typed =
        typeof step.answer === 'object' && step.answer
          ? 'type' in step.answer
            ? step.answer.type
            : []
          : step.answer === undefined
            ? []
            : [step.answer];
      for (const value of typed) {
        const v = options.validateInput ? await options.validateInput(value) : undefined;
        const msg = typeof v === 'string' ? v : v?.message;
        if (msg) {
          refused.push(msg);
          continue;
        }
        answer = value;
        break;
      }
    }
    if (step) this.record({ kind: 'inputBox', text, modal: true, options, choices: [], refused, answer });
    return answer;
  }

  private async quickPick(items: unknown, options: vscode.QuickPickOptions): Promise<unknown> {
    const list = (await Promise.resolve(items)) as Array<string | vscode.QuickPickItem>;
    const labels = list.map((i) => (typeof i === 'string' ? i : i.label));
    const text = [options.title, options.placeHolder].filter(Boolean).join(' — ');
    const step = this.take('quickPick', text, true);
    const objects = list.map((i) => (typeof i === 'string' ? { label: i } : i));
    const record = (answer: string | undefined) => {
      if (step)
        this.record({
          kind: 'quickPick',
          text,
          modal: true,
          options,
          items: objects,
          choices: labels,
          refused: [],
          answer,
        });
    };
    if (options.canPickMany) {
      const pick =
        step?.answer && typeof step.answer === 'object' && 'pick' in step.answer
          ? step.answer.pick
          : undefined;
      const picked = pick
        ? list.filter((_, i) => objects[i]!.kind !== vscode.QuickPickItemKind.Separator && pick(objects[i]!))
        : undefined;
      record(picked ? JSON.stringify(picked.map((i) => (typeof i === 'string' ? i : i.label))) : undefined);
      return picked;
    }
    const answer = step && typeof step.answer === 'string' ? step.answer : undefined;
    if (answer !== undefined)
      assert.ok(
        labels.includes(answer),
        `scripted pick ${JSON.stringify(answer)} is not an item: ${JSON.stringify(labels)}`,
      );
    record(answer);
    return answer === undefined ? undefined : list[labels.indexOf(answer)];
  }
}

/** Replaces the prompts until `restore()`; keep the instance to assert on `shown`. */
export function scriptDialogs(opts?: { strict?: boolean }): ScriptedDialogs {
  return new ScriptedDialogs(opts);
}

/** The one `warning`/`information` prompt whose text matches (fails when there is none or several). */
export function onePrompt(d: ScriptedDialogs, kind: PromptKind, text: RegExp): ShownPrompt {
  const found = d.ofKind(kind).filter((p) => text.test(p.text));
  assert.equal(
    found.length,
    1,
    `one ${kind} prompt matching ${text}; shown: ${JSON.stringify(d.shown.map((p) => [p.kind, p.text]))}`,
  );
  return found[0]!;
}
