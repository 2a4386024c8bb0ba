/** `mcp-envelope tools [paths…] [--format json|pretty] [--explain]`: the tools a workspace registers. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type FileTool,
  type FileToolShare,
  Project,
  type WorkspaceFile,
  collectSourceFiles,
  engineSettings,
  indexWorkspace,
  joinWorkspaceTools,
  toolShareOf,
} from '../../engine/src';
import { displayPath, reasonOf } from './check';
import { loadCliSettings } from './config';
import { type CliIo, EXIT, UsageError, parseCommandArgs } from './usage';

export interface ListedTool extends FileTool {
  file: string;
}

export const TOOLS_USAGE = `Usage: mcp-envelope tools [paths…] [--format json|pretty] [--explain] [--config FILE]

Lists the MCP tools registered in the given files or folders.

Options:
  --format json|pretty   output format (default: pretty)
  --explain              say why each one counts as a tool (the chain of evidence); json adds
                         evidence, handler and style
  --config FILE          settings file (JSON with mcpEnvelope.* keys; default: .vscode/settings.json)

Exit codes: 0 listed; 3 listed, but some files could not be analysed (named on stderr); 2 usage error.`;

interface ToolsOptions {
  help: boolean;
  format: 'json' | 'pretty';
  explain: boolean;
  config?: string;
  given: string[];
}

function parseToolsOptions(argv: string[]): ToolsOptions {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      explain: { type: 'boolean', default: false },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const format = values.format;
  if (format !== 'json' && format !== 'pretty') throw new UsageError(`unknown --format ${format}`);
  return {
    help: values.help,
    format,
    explain: values.explain,
    config: values.config,
    given: positionals.length > 0 ? positionals : ['.'],
  };
}

function jsonOf(tool: ListedTool, explain: boolean): Record<string, unknown> {
  const base: Record<string, unknown> = { name: tool.name, file: tool.file, line: tool.line, kind: tool.kind };
  if (tool.nameExpression) base.nameExpression = tool.nameExpression;
  if (!explain) return base;
  return { ...base, style: tool.style, handler: tool.handler ?? null, evidence: tool.evidence };
}

function prettyOf(tool: ListedTool, explain: boolean): string {
  const name = tool.name ?? (tool.nameExpression ? `(${tool.nameExpression})` : '(tools/call dispatcher)');
  const head = `${name}  ${tool.file}:${tool.line}  ${tool.kind}`;
  if (!explain) return head;
  const lines = [head];
  if (tool.handler) {
    const where = tool.handler.file ? `${tool.handler.file}:${tool.handler.line}` : `line ${tool.handler.line}`;
    lines.push(`    handler: ${tool.handler.name ?? 'function'} (${where})`);
  }
  for (const step of tool.evidence) lines.push(`    ← ${step}`);
  return lines.join('\n');
}

function printTools(io: CliIo, options: ToolsOptions, tools: readonly ListedTool[]): void {
  if (options.format === 'json') {
    io.stdout(
      JSON.stringify(
        tools.map((tool) => jsonOf(tool, options.explain)),
        null,
        2,
      ),
    );
  } else if (tools.length === 0) {
    io.stdout('No MCP tools registered.');
  } else {
    for (const tool of tools) io.stdout(prettyOf(tool, options.explain));
  }
}

/** Reads the given files; a file that cannot be read is reported and left out. */
function readWorkspace(files: readonly string[], report: (file: string, error: unknown) => void): WorkspaceFile[] {
  const workspace: WorkspaceFile[] = [];
  for (const fileName of files) {
    try {
      workspace.push({ fileName, text: fs.readFileSync(fileName, 'utf8') });
    } catch (error) {
      report(fileName, error);
    }
  }
  return workspace;
}

export async function runTools(argv: string[], io: CliIo): Promise<number> {
  const options = parseToolsOptions(argv);
  if (options.help) {
    io.stdout(TOOLS_USAGE);
    return EXIT.ok;
  }
  const engine = engineSettings(loadCliSettings(options.config, io.cwd).settings);
  const { files, unreadable, manifests } = collectSourceFiles(options.given.map((p) => path.resolve(io.cwd, p)));
  if (unreadable.length > 0) throw new UsageError(`cannot read ${unreadable.join(', ')}`);
  let unanalysed = 0;
  const report = (file: string, error: unknown): void => {
    unanalysed++;
    io.stderr(
      `mcp-envelope tools: ${displayPath(file, io.cwd, options.given)} could not be analysed: ${reasonOf(error)}`,
    );
  };
  const workspace = readWorkspace(files, report);
  const project = new Project();
  const parsed = indexWorkspace(project, workspace, engine, manifests, report);
  const shares = new Map<string, FileToolShare<ListedTool>>();
  for (const { fileName, text } of workspace) {
    const sourceFile = parsed.get(fileName);
    if (!sourceFile) continue;
    try {
      const indexed = project.indexText(fileName, text, engine, sourceFile);
      if (!indexed.scan) continue;
      const shown = displayPath(fileName, io.cwd, options.given);
      const share = toolShareOf(sourceFile, indexed.scan);
      shares.set(fileName, { ...share, tools: share.tools.map((tool) => ({ ...tool, file: shown })) });
    } catch (error) {
      report(fileName, error);
    }
  }
  const found = joinWorkspaceTools(
    shares,
    (tool) => tool.file,
    (fileName, exportName) => project.resolveExport(fileName, exportName),
  );
  // A handler imported from another file is shown where it is defined.
  for (const tool of found) {
    if (tool.handler?.file)
      tool.handler = { ...tool.handler, file: displayPath(tool.handler.file, io.cwd, options.given) };
  }
  printTools(io, options, found);
  return unanalysed > 0 ? EXIT.incomplete : EXIT.ok;
}
