// The API key lives only in SecretStorage, stored together with the origin it was entered for: if the
// service URL later points elsewhere, the key is not sent there (the user signs in again).
import * as vscode from 'vscode';
import { addSecret } from './logging';

const SECRET_KEY = 'lineageLens.apiKey';

interface StoredKey {
  origin: string;
  apiKey: string;
}

export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export class ApiKeyStore {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the stored key changes (here or in another window). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly secrets: vscode.SecretStorage) {}

  listen(): vscode.Disposable {
    return vscode.Disposable.from(
      this.changed,
      this.secrets.onDidChange((e) => {
        if (e.key === SECRET_KEY) this.changed.fire();
      }),
    );
  }

  /** The key stored for the origin of `serviceUrl`, or null. */
  async keyFor(serviceUrl: string): Promise<string | null> {
    const stored = await this.read();
    const origin = originOf(serviceUrl);
    if (!stored || !origin || stored.origin !== origin) return null;
    addSecret(stored.apiKey);
    return stored.apiKey;
  }

  /** Whether a key is stored at all (for any origin). */
  async hasAnyKey(): Promise<boolean> {
    return (await this.read()) !== undefined;
  }

  async store(serviceUrl: string, apiKey: string): Promise<void> {
    const origin = originOf(serviceUrl);
    if (!origin) throw new Error(vscode.l10n.t('The service URL is not valid.'));
    addSecret(apiKey);
    await this.secrets.store(SECRET_KEY, JSON.stringify({ origin, apiKey } satisfies StoredKey));
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  private async read(): Promise<StoredKey | undefined> {
    const raw = await this.secrets.get(SECRET_KEY);
    if (!raw) return undefined;
    try {
      const v = JSON.parse(raw) as Partial<StoredKey>;
      if (typeof v.origin === 'string' && typeof v.apiKey === 'string' && v.apiKey) {
        addSecret(v.apiKey);
        return { origin: v.origin, apiKey: v.apiKey };
      }
    } catch {
      /* unreadable entry: treated as signed out */
    }
    return undefined;
  }
}
