/** Shared helpers for the tap integration tests: paths to real servers, SDK clients, temp folders, traces. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { DecodedCall } from '../../../shared/src/decodedCall';
import { decodeCalls } from '../../../shared/src/decoder';
import { parseTrace, type TraceEntry } from '../../../shared/src/trace';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const TAP_ENTRY = path.join(__dirname, 'tapEntry.js');
export const EVERYTHING_SERVER = path.join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const FILESYSTEM_SERVER = path.join(
  repoRoot,
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `mcp-envelope-${prefix}-`));
}

/** The environment a tapped server runs with: the test's, plus the entry switch and extra variables. */
export function tapEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, MCP_ENVELOPE_TAP_ENTRY: '1', ...extra };
}

/** Connects the SDK's real Client over stdio to a command. */
export async function connectStdio(command: string, args: string[], env?: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'tap-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env, stderr: 'pipe' }));
  return client;
}

/** Connects through the tap: `node tapEntry.js --trace FILE --name LABEL -- <command…>`. */
export function connectThroughTap(
  traceFile: string,
  label: string,
  server: string[],
  env: Record<string, string> = {},
): Promise<Client> {
  return connectStdio(
    process.execPath,
    [TAP_ENTRY, '--name', label, '--trace', traceFile, '--', ...server],
    tapEnvironment(env),
  );
}

/** Reads a trace the tap wrote (waiting briefly for its last line) and decodes its calls. */
export async function readTrace(
  file: string,
  expectedCalls: number,
): Promise<{ entries: TraceEntry[]; calls: DecodedCall[] }> {
  for (let attempt = 0; ; attempt++) {
    const entries = parseTrace(fs.readFileSync(file, 'utf8')).entries;
    const calls = decodeCalls(entries);
    const settled = calls.filter((call) => call.outcome !== 'pending').length >= expectedCalls;
    if (settled || attempt >= 40) return { entries, calls };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
