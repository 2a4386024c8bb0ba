/** An incremental reader of `text/event-stream` bodies: yields the `data` of each complete event. */

export class SseDataReader {
  private buffer = '';
  private data: string[] = [];
  private readonly decoder = new TextDecoder();

  constructor(private readonly onData: (data: string) => void) {}

  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    let newline = this.buffer.indexOf('\n');
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.line(line);
      newline = this.buffer.indexOf('\n');
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onData(this.data.join('\n'));
      this.data = [];
    } else if (line.startsWith('data:')) {
      this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
    // Comments (`:`), `event:`, `id:` and `retry:` lines carry no message.
  }

  /** An event cut short by the end of the stream still counts if it has data. */
  end(): void {
    if (this.buffer !== '') this.line(this.buffer.replace(/\r$/, ''));
    this.buffer = '';
    this.line('');
  }
}
