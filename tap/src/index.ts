#!/usr/bin/env node
/**
 * The tap: forwards a live MCP session unchanged and records it to a trace. Built on its own into dist/tap.js,
 * which loads only what forwarding and recording need (no TypeScript, no MCP SDK): a host starts one tap in front
 * of every server, so it must stay as light as Node itself. `node dist/tap.js …` runs it directly;
 * `mcp-envelope tap …` loads this module on demand.
 */
import { run } from './tapCommand';

export { TAP_USAGE, run } from './tapCommand';

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`mcp-envelope tap: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
