#!/usr/bin/env node
/** The `mcp-envelope` command line: one engine with the language server. */
import { type CliIo, EXIT, UsageError, exitQuietlyOnClosedPipe, isParseArgsError, processIo } from './usage';

declare const MCP_ENVELOPE_VERSION: string;
const VERSION = typeof MCP_ENVELOPE_VERSION === 'string' ? MCP_ENVELOPE_VERSION : '0.0.0-dev';

const USAGE = `mcp-envelope ${VERSION}

Usage: mcp-envelope <command> [options]

Commands:
  check [paths…]             check tool handlers and error envelopes (--format pretty|json|sarif, --fix)
  tools [paths…]             list registered MCP tools (--format json|pretty)
  tap -- <server command…>   run a stdio MCP server through a recording tap (--http for streamable HTTP)
  calls <trace…>             decode recorded tool calls (--format json|pretty)
  probe -- <server command…> send wrong calls to a live server and grade its errors (--url, --format json|pretty|sarif)

Run 'mcp-envelope <command> --help' for a command's options.

Exit codes: 0 done; 1 findings (check), a low grade (probe), an unreadable trace (calls); 2 usage error;
3 some files could not be analysed (check, tools).`;

/** The tap is a bundle of its own (dist/tap.js): `require`, not `import()`, keeps Node's ES module loader unloaded. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadTap = (): typeof import('../../tap/src/index') => require('../../tap/src/index');

type CommandRunner = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, CommandRunner> = {
  // Each command is loaded on demand: the tap must not pay for TypeScript, nor `check` for the MCP SDK.
  check: async (argv, io) => (await import('./check.js')).runCheck(argv, io),
  tools: async (argv, io) => (await import('./tools.js')).runTools(argv, io),
  tap: (argv) => loadTap().run(argv),
  calls: async (argv, io) => (await import('./calls.js')).run(argv, io),
  probe: async (argv, io) => (await import('./probe.js')).run(argv, io),
};

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(VERSION);
    return EXIT.ok;
  }
  const runner = COMMANDS[command];
  if (!runner) {
    io.stderr(`mcp-envelope: unknown command '${command}'. Commands: ${Object.keys(COMMANDS).join(', ')}.`);
    return EXIT.usage;
  }
  try {
    return await runner(rest, io);
  } catch (error) {
    // parseArgs errors of a command that calls parseArgs directly (the tap) follow the same convention.
    if (error instanceof UsageError || isParseArgsError(error)) {
      io.stderr(`mcp-envelope ${command}: ${error.message.replace(/\s*\n\s*/g, ' ')}`);
      io.stderr(`Run 'mcp-envelope ${command} --help' for its options.`);
      return EXIT.usage;
    }
    throw error;
  }
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  // The tap forwards a session and handles its own pipes (it must stop its server, not just exit).
  if (argv[0] !== 'tap') exitQuietlyOnClosedPipe();
  main(argv, processIo(VERSION)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `mcp-envelope: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 2;
    },
  );
}
