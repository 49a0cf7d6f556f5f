// The language client writes server messages and traces as "[Info - 1:35:39 PM] text" into its output
// channel. Our log is a LogOutputChannel with its own time and level, so the client's prefix is taken
// off and its level kept: a server warning is a warning in the log, not "[info] [Warn - …]" (protocol
// traces, asked for with lineageLens.trace.server, are written at info).
// No vscode import: unit-tested.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const PREFIX = /^\[(Trace|Debug|Info|Warn|Warning|Error)\s+-\s[^\]]{1,40}\] ?/;

/** The level and text of one line the language client wrote (lines without its prefix are info). */
export function parseClientLogLine(line: string): { level: LogLevel; text: string } {
  const m = PREFIX.exec(line);
  if (!m) return { level: 'info', text: line };
  const word = m[1]!.toLowerCase();
  // Protocol traces stay at info: turning lineageLens.trace.server on is all it takes to see them.
  const level: LogLevel = word === 'warning' ? 'warn' : word === 'trace' ? 'info' : (word as LogLevel);
  return { level, text: line.slice(m[0].length) };
}
