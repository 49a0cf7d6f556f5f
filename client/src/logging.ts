// The one log of the extension ("Lineage Lens" LogOutputChannel) and the redaction every line
// passes through, so an API key can never reach the log file, even via the language client's traces.
import * as vscode from 'vscode';
import { parseClientLogLine } from './clientLogLine';
import { redactCredentialText, redactSecrets, redactTraceData } from '../../common/src/untrustedText';

const secrets = new Set<string>();

/** Registers a value that must never be written to a log (e.g. the current API key). */
export function addSecret(value: string | null | undefined): void {
  if (value && value.length >= 4) secrets.add(value);
}

/** Replaces every registered secret in `text`, and the value of every credential member or header. */
export function redact(text: string): string {
  return redactCredentialText(redactSecrets(text, secrets));
}

export type Log = vscode.LogOutputChannel;

export function createLog(): Log {
  return vscode.window.createOutputChannel('Lineage Lens', { log: true });
}

/** Logging helpers that redact before writing. */
export class SafeLog {
  constructor(readonly channel: Log) {}
  info(message: string): void {
    this.channel.info(redact(message));
  }
  warn(message: string): void {
    this.channel.warn(redact(message));
  }
  error(message: string, err?: unknown): void {
    this.channel.error(redact(err === undefined ? message : `${message}: ${errorText(err)}`));
  }
  debug(message: string): void {
    this.channel.debug(redact(message));
  }
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * An OutputChannel for the language client (server stderr and protocol traces) that writes into the
 * log through the redaction, instead of a second, unredacted channel.
 */
export function redactingChannel(log: Log): vscode.OutputChannel {
  let pending = '';
  const flush = (line: string): void => {
    if (!line.trim()) return;
    const { level, text } = parseClientLogLine(line);
    log[level](redact(redactTraceData(text)));
  };
  return {
    name: log.name,
    append(value: string) {
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(flush);
    },
    appendLine(value: string) {
      flush(pending + value);
      pending = '';
    },
    replace(value: string) {
      pending = '';
      this.append(value);
    },
    clear() {
      pending = '';
    },
    show(a?: unknown, b?: boolean) {
      log.show(typeof a === 'boolean' ? a : b);
    },
    hide() {
      log.hide();
    },
    dispose() {
      /* the log is owned by the context */
    },
  };
}
