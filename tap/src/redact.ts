/**
 * Keeps secrets out of traces: values of environment variables named like secrets, Authorization header values
 * seen by the HTTP tap, and message fields named like credentials are replaced before a line is written.
 * Forwarded bytes are never changed; only the trace copy is redacted.
 */

export const REDACTED = '[redacted by mcp-envelope]';

const SECRET_VARIABLE = /TOKEN|SECRET|KEY|PASSWORD|PASSWD|PASSPHRASE|AUTH|CREDENTIAL|COOKIE|SESSION|PRIVATE/i;
const SECRET_FIELD =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|access[-_]?token|refresh[-_]?token|id[-_]?token|client[-_]?secret|password|passwd|secret|token)$/i;
const NOT_A_SECRET = /^(?:\d+|true|false|yes|no|on|off|null|undefined)$/i;
const MIN_SECRET_LENGTH = 4;

/** Whether an environment variable's name says its value is a secret. */
export function isSecretVariableName(name: string): boolean {
  return SECRET_VARIABLE.test(name);
}

/** The forms a secret takes in a trace line: as is, JSON-escaped, and JSON-escaped twice (JSON inside a text block). */
function spellings(secret: string): string[] {
  const once = JSON.stringify(secret).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  return [...new Set([twice, once, secret])];
}

export class Redactor {
  private readonly secrets = new Set<string>();
  private spelled: string[] = [];

  /** A redactor that knows the values of the secret-named variables in `env`. */
  static fromEnvironment(env: NodeJS.ProcessEnv): Redactor {
    const redactor = new Redactor();
    for (const [name, value] of Object.entries(env)) {
      if (value !== undefined && isSecretVariableName(name)) redactor.addSecret(value);
    }
    return redactor;
  }

  /** Adds a value to hide wherever it appears (an Authorization header also hides its bare token). */
  addSecret(value: string): void {
    const candidates = [value.trim()];
    const scheme = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(value.trim());
    if (scheme) candidates.push(scheme[1]);
    let added = false;
    for (const candidate of candidates) {
      if (candidate.length < MIN_SECRET_LENGTH || NOT_A_SECRET.test(candidate) || this.secrets.has(candidate)) continue;
      this.secrets.add(candidate);
      added = true;
    }
    if (added) {
      // Longest first, so a secret that contains another is replaced whole.
      this.spelled = [...this.secrets].flatMap(spellings).sort((a, b) => b.length - a.length);
    }
  }

  /** A copy of a message whose credential-named fields hold REDACTED (the original is left alone). */
  redactFields(value: unknown): unknown {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      value.forEach((item, index) => {
        const redacted = this.redactFields(item);
        if (redacted !== item) (copy ??= [...value])[index] = redacted;
      });
      return copy ?? value;
    }
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const field = record[key];
      const redacted = SECRET_FIELD.test(key) && typeof field === 'string' ? REDACTED : this.redactFields(field);
      if (redacted !== field) (copy ??= { ...record })[key] = redacted;
    }
    return copy ?? value;
  }

  /** Replaces every known secret in a serialised trace line. */
  redactText(text: string): string {
    let result = text;
    for (const secret of this.spelled) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    return result;
  }
}
