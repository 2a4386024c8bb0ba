/**
 * Random JSON-RPC streams for the tap: valid requests, results (tool errors too) and notifications, and invalid lines
 * (truncated JSON, bare text, random bytes, lone brackets), with CRLF or LF endings, multi-byte characters, and
 * messages of up to 2 MB; then cut into chunks at random boundaries, some inside a multi-byte character.
 */
import type { Random } from './random';

const WORDS = [
  'order',
  'stock',
  'sku',
  'naïve',
  'Grüße',
  '東京',
  'emoji 😀🎉',
  'ünïcödé',
  'line\nbreak',
  'tab\t',
  'quote"',
];
const CATEGORIES = ['TRANSIENT', 'VALIDATION', 'PERMISSION', 'BUSINESS', 'NOT_FOUND', 'UNKNOWN'];

function text(random: Random, maxWords: number): string {
  return Array.from({ length: random.int(1, maxWords) }, () => random.pick(WORDS)).join(' ');
}

function validMessage(random: Random, id: number, size: number): unknown {
  const padding =
    size > 0
      ? text(random, 3)
          .repeat(Math.ceil(size / 20))
          .slice(0, size)
      : '';
  switch (random.int(0, 3)) {
    case 0:
      return {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: random.pick(['get_stock', 'send_mail', 'cancel']),
          arguments: { sku: text(random, 4), note: padding },
        },
      };
    case 1:
      return {
        jsonrpc: '2.0',
        id,
        result: {
          isError: true,
          errorCategory: random.pick(CATEGORIES),
          isRetryable: random.chance(0.5),
          content: [{ type: 'text', text: text(random, 6) + padding }],
        },
      };
    case 2:
      return {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progress: random.int(0, 100), message: padding },
      };
    default:
      return { jsonrpc: '2.0', id, error: { code: -32602, message: text(random, 5), data: padding } };
  }
}

const INVALID: ReadonlyArray<(random: Random) => Buffer> = [
  (random) => Buffer.from(JSON.stringify(validMessage(random, 1, 0)).slice(0, random.int(1, 40))),
  (random) => Buffer.from(text(random, 8)),
  (random) => {
    const bytes = random.bytes(random.int(1, 300));
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) bytes[i] = 32;
    return bytes;
  },
  (random) => Buffer.from(random.pick(['[', '{', '}', '"', 'null', '[]', '{"jsonrpc":"2.0"}', '1e999', ''])),
];

export interface RpcStream {
  bytes: Buffer;
  messages: number;
  invalid: number;
  crlf: number;
  large: number;
}

/** A stream of about `targetBytes` bytes of newline-delimited JSON-RPC, valid and invalid. */
export function jsonRpcStream(random: Random, targetBytes: number, largeBytes = 2 * 1024 * 1024): RpcStream {
  const parts: Buffer[] = [];
  const stream: RpcStream = { bytes: Buffer.alloc(0), messages: 0, invalid: 0, crlf: 0, large: 0 };
  let total = 0;
  let id = 1;
  // A stream big enough for one always carries at least one message of `largeBytes`.
  const largeBy = targetBytes >= 2 * largeBytes ? random.int(0, targetBytes - 2 * largeBytes) : Infinity;
  while (total < targetBytes) {
    let line: Buffer;
    if (random.chance(0.15)) {
      line = random.pick(INVALID)(random);
      stream.invalid++;
    } else {
      const large =
        (stream.large === 0 && total >= largeBy) || (random.chance(0.004) && total + largeBytes < targetBytes * 1.1);
      const size = large ? largeBytes : random.chance(0.2) ? random.int(100, 20_000) : 0;
      if (large) stream.large++;
      line = Buffer.from(JSON.stringify(validMessage(random, id++, size)));
    }
    const crlf = random.chance(0.3);
    if (crlf) stream.crlf++;
    const part = Buffer.concat([line, Buffer.from(crlf ? '\r\n' : '\n')]);
    parts.push(part);
    total += part.length;
    stream.messages++;
  }
  stream.bytes = Buffer.concat(parts);
  return stream;
}

/** Cuts a buffer at random boundaries (1 byte to 64 KB), some placed inside a multi-byte UTF-8 character. */
export function randomChunks(random: Random, bytes: Buffer): { chunks: Buffer[]; splitCharacters: number } {
  const chunks: Buffer[] = [];
  let splitCharacters = 0;
  let offset = 0;
  while (offset < bytes.length) {
    let end = Math.min(bytes.length, offset + random.pick([1, 7, 100, 4096, 65_536, random.int(1, 65_536)]));
    // Now and then move the cut into the next multi-byte character (a continuation byte, 10xxxxxx).
    if (random.chance(0.3)) {
      for (let probe = end; probe < Math.min(bytes.length, end + 4096); probe++) {
        if ((bytes[probe] & 0xc0) === 0x80) {
          end = probe;
          splitCharacters++;
          break;
        }
      }
    }
    chunks.push(bytes.subarray(offset, end));
    offset = end;
  }
  return { chunks, splitCharacters };
}
