/**
 * Runs `mcp-envelope tap` as its own process for the integration tests (the CLI bundle may not be built).
 * Does nothing unless MCP_ENVELOPE_TAP_ENTRY=1, because the test runner also loads every file under test/.
 */
import { run } from '../../../tap/src/tapCommand';

if (process.env.MCP_ENVELOPE_TAP_ENTRY === '1') {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`tap entry failed: ${String(error)}\n`);
      process.exitCode = 70;
    },
  );
}
