/**
 * The conventions every subcommand shares: one output interface (CliIo), one argument parser (node:util parseArgs,
 * which also handles `--`), one usage error (printed in one line, exit code 2).
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Where a command writes (one line per call; the newline is added) and what it needs to know about its terminal. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  isTty: boolean;
  version: string;
}

/** Thrown for wrong arguments: the dispatcher prints `mcp-envelope <command>: <message>` and exits 2. */
export class UsageError extends Error {}

/** The exit codes every subcommand uses. */
export const EXIT = {
  ok: 0,
  /** check: a finding at or above --fail-on; probe: a tool graded below --fail-under, or no server; calls: a trace unreadable */
  failed: 1,
  usage: 2,
  /** check and tools: some files could not be analysed (and no finding already gave 1) */
  incomplete: 3,
} as const;

/** node:util parseArgs; its errors (unknown option, missing value) become UsageErrors. */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if (isParseArgsError(error)) throw new UsageError(error.message.replace(/\s*\n\s*/g, ' '));
    throw error;
  }
}

/** An error node:util parseArgs throws for wrong arguments (unknown option, missing or ambiguous value). */
export function isParseArgsError(error: unknown): error is TypeError {
  return error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
}

/**
 * The arguments after `--` (the server command of tap and probe), and whether any positional came before it.
 * parseArgs returns both as positionals; its option-terminator token tells them apart.
 */
export function afterDoubleDash(
  argv: readonly string[],
  tokens: ReadonlyArray<{ kind: string; index: number }>,
): { command: string[]; before: string[] } {
  const terminator = tokens.find((token) => token.kind === 'option-terminator');
  const end = terminator ? terminator.index : argv.length;
  const before = tokens
    .filter((token) => token.kind === 'positional' && token.index < end)
    .map((token) => argv[token.index]);
  return { command: terminator ? argv.slice(terminator.index + 1) : [], before };
}

/** A whole number in [min, max] given to `flag`, or a UsageError. */
export function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${value}')`);
  }
  return number;
}

/** The process's CliIo: one line per call on stdout and stderr. */
export function processIo(version: string): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text + '\n'),
    stderr: (text) => void process.stderr.write(text + '\n'),
    cwd: process.cwd(),
    isTty: Boolean(process.stdout.isTTY),
    version,
  };
}

/** A closed pipe (`mcp-envelope tools | head -3`) ends the command quietly instead of with an unhandled EPIPE. */
export function exitQuietlyOnClosedPipe(): void {
  const onError = (error: NodeJS.ErrnoException): void => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  };
  process.stdout.on('error', onError);
  process.stderr.on('error', onError);
}
