/** `mcp-envelope tools [paths…] [--format json|pretty]`: the tools a workspace registers. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FileTool, listTools, collectSourceFiles, engineSettings } from '../../engine/src';
import { displayPath, reasonOf } from './check';
import { loadCliSettings } from './config';
import { type CliIo, EXIT, UsageError, parseCommandArgs } from './usage';

export interface ListedTool extends FileTool {
  file: string;
}

export const TOOLS_USAGE = `Usage: mcp-envelope tools [paths…] [--format json|pretty] [--config FILE]

Lists the MCP tools registered in the given files or folders.
Exit codes: 0 listed; 3 listed, but some files could not be analysed (named on stderr); 2 usage error.`;

interface ToolsOptions {
  help: boolean;
  format: 'json' | 'pretty';
  config?: string;
  given: string[];
}

function parseToolsOptions(argv: string[]): ToolsOptions {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const format = values.format;
  if (format !== 'json' && format !== 'pretty') throw new UsageError(`unknown --format ${format}`);
  return {
    help: values.help,
    format,
    config: values.config,
    given: positionals.length > 0 ? positionals : ['.'],
  };
}

function printTools(io: CliIo, format: 'json' | 'pretty', tools: readonly ListedTool[]): void {
  if (format === 'json') {
    const shape = tools.map((t) => ({ name: t.name, file: t.file, line: t.line, kind: t.kind }));
    io.stdout(JSON.stringify(shape, null, 2));
  } else if (tools.length === 0) {
    io.stdout('No MCP tools registered.');
  } else {
    for (const tool of tools) {
      io.stdout(`${tool.name ?? '(tools/call dispatcher)'}  ${tool.file}:${tool.line}  ${tool.kind}`);
    }
  }
}

export async function runTools(argv: string[], io: CliIo): Promise<number> {
  const options = parseToolsOptions(argv);
  if (options.help) {
    io.stdout(TOOLS_USAGE);
    return EXIT.ok;
  }
  const factories = engineSettings(loadCliSettings(options.config, io.cwd).settings).handlerFactories;
  const { files, unreadable } = collectSourceFiles(options.given.map((p) => path.resolve(io.cwd, p)));
  if (unreadable.length > 0) throw new UsageError(`cannot read ${unreadable.join(', ')}`);
  const tools: ListedTool[] = [];
  let unanalysed = 0;
  for (const file of files) {
    const shown = displayPath(file, io.cwd, options.given);
    try {
      const text = fs.readFileSync(file, 'utf8');
      for (const tool of listTools(file, text, factories)) tools.push({ ...tool, file: shown });
    } catch (error) {
      unanalysed++;
      io.stderr(`mcp-envelope tools: ${shown} could not be analysed: ${reasonOf(error)}`);
    }
  }
  printTools(io, options.format, tools);
  return unanalysed > 0 ? EXIT.incomplete : EXIT.ok;
}
