/**
 * `tap --repair` over streamable HTTP: rewrites a JSON answer body, or the `data` of SSE events, when the repairer
 * returns a replacement message; anything it leaves alone is forwarded as the same bytes.
 */

/** Returns the replacement message for a JSON text, or undefined to keep the original. */
export type RepairText = (text: string) => object | undefined;

/** The body to send: the original bytes, or the repaired message as JSON. */
export function repairJsonBody(body: Buffer, repair: RepairText): Buffer {
  const replacement = repair(body.toString('utf8'));
  return replacement === undefined ? body : Buffer.from(JSON.stringify(replacement), 'utf8');
}

const EVENT_END = /\r?\n\r?\n/;

/**
 * Re-frames a `text/event-stream` body event by event: an event whose data the repairer replaces is written with
 * its other lines (`event:`, `id:`) kept and one `data:` line; every other event goes out as it came. Text after
 * the last complete event waits for the rest of its event.
 */
export class RepairingSseWriter {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(private readonly repair: RepairText) {}

  /** Feeds a chunk; returns the text to send now. */
  push(chunk: Uint8Array): string {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    let out = '';
    let match = EVENT_END.exec(this.buffer);
    while (match) {
      const end = match.index + match[0].length;
      out += this.event(this.buffer.slice(0, match.index), this.buffer.slice(match.index, end));
      this.buffer = this.buffer.slice(end);
      match = EVENT_END.exec(this.buffer);
    }
    return out;
  }

  /** The stream ended: what is left goes out as it came. */
  end(): string {
    const rest = this.buffer + this.decoder.decode();
    this.buffer = '';
    return rest;
  }

  private event(body: string, terminator: string): string {
    const lines = body.split(/\r?\n/);
    const data = lines.filter((line) => line.startsWith('data:'));
    if (data.length === 0) return body + terminator;
    const text = data.map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\n');
    const replacement = this.repair(text);
    if (replacement === undefined) return body + terminator;
    const newline = terminator.startsWith('\r\n') ? '\r\n' : '\n';
    const kept = lines.filter((line) => !line.startsWith('data:'));
    return [...kept, `data: ${JSON.stringify(replacement)}`].join(newline) + terminator;
  }
}
