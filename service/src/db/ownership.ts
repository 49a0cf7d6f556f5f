// Which process owns a database file. node-sqlite3-wasm locks a database with a `<file>.lock`
// folder, which a killed process leaves behind; so beside it we record the owner's process id and
// start time in `<file>.owner`. A recorded owner that is alive (same id, same start time) means
// another service is using the file; otherwise the lock is stale and removed. The start time is what
// tells a live owner from a process that got the same id after the owner died (kill -9, reboot).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

function ownerFile(file: string): string {
  return `${file}.owner`;
}

/** Takes the database for this process, or throws when a live service owns it. */
export function claimOwnership(file: string): void {
  const owner = ownerFile(file);
  if (existsSync(owner)) {
    const [pidLine = '', startedLine = ''] = readFileSync(owner, 'utf8').split('\n');
    const pid = Number(pidLine.trim());
    const recorded = startedLine.trim() || undefined;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      const current = startTimeOf(pid);
      // Without a recorded or readable start time (an .owner of an older version, a platform that
      // hides it) a live process id is taken for the owner, as before.
      const sameProcess = recorded === undefined || current === undefined || recorded === current;
      if (sameProcess)
        throw new Error(`the database ${file} is in use by another local service (process ${pid})`);
    }
  }
  rmSync(`${file}.lock`, { recursive: true, force: true });
  writeFileSync(owner, `${process.pid}\n${startTimeOf(process.pid) ?? ''}\n`);
}

export function releaseOwnership(file: string): void {
  rmSync(ownerFile(file), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, as an opaque token compared for equality (undefined when it cannot be
 * read). Linux: the start time in clock ticks since boot from /proc; elsewhere what `ps` or
 * PowerShell say. `platform` chooses the way to read it (a parameter so each way is tested where its
 * tool exists).
 */
export function startTimeOf(pid: number, platform: NodeJS.Platform = process.platform): string | undefined {
  try {
    if (platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces; starttime is 22nd.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[19] ? `linux:${fields[19]}` : undefined;
    }
    const out =
      platform === 'win32'
        ? execFileSync(
            'powershell.exe',
            ['-NoProfile', '-Command', `(Get-Process -Id ${pid}).StartTime.ToFileTimeUtc()`],
            { encoding: 'utf8', timeout: 10_000, windowsHide: true },
          )
        : execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 10_000 });
    const token = out.trim();
    return token ? `${platform}:${token}` : undefined;
  } catch {
    return undefined;
  }
}
