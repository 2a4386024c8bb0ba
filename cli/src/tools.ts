/** `mcp-envelope tools [paths…] [--format json|pretty]`: the tools a workspace registers. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { type FileTool, listTools, collectSourceFiles, engineSettings } from '../../engine/src';
import { type CliIo, displayPath } from './check';
import { UsageError, loadCliSettings } from './config';

export interface ListedTool extends FileTool {
  file: string;
}

export const TOOLS_USAGE = `Usage: mcp-envelope tools [paths…] [--format json|pretty]

Lists the MCP tools registered in the given files or folders.`;

export async function runTools(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout(TOOLS_USAGE);
    return 0;
  }
  if (values.format !== 'json' && values.format !== 'pretty') throw new UsageError(`unknown --format ${values.format}`);
  const { settings } = loadCliSettings(values.config, io.cwd);
  const given = positionals.length > 0 ? positionals : ['.'];
  const { files, unreadable } = collectSourceFiles(given.map((p) => path.resolve(io.cwd, p)));
  if (unreadable.length > 0) throw new UsageError(`cannot read ${unreadable.join(', ')}`);
  const tools: ListedTool[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const shown = displayPath(file, io.cwd, given);
    for (const tool of listTools(file, text, engineSettings(settings).handlerFactories))
      tools.push({ ...tool, file: shown });
  }
  if (values.format === 'json') {
    io.stdout(
      JSON.stringify(
        tools.map((t) => ({ name: t.name, file: t.file, line: t.line, kind: t.kind })),
        null,
        2,
      ),
    );
  } else if (tools.length === 0) {
    io.stdout('No MCP tools registered.');
  } else {
    for (const tool of tools)
      io.stdout(`${tool.name ?? '(tools/call dispatcher)'}  ${tool.file}:${tool.line}  ${tool.kind}`);
  }
  return 0;
}
