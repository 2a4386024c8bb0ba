/** `mcp-envelope tools [paths…] [--format json|pretty] [--explain]`: the tools a workspace registers. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type FileTool,
  Project,
  type WorkspaceFile,
  collectSourceFiles,
  engineSettings,
  indexWorkspace,
  toolsOf,
  withoutDispatchedDefinitions,
} from '../../engine/src';
import { type CliIo, displayPath } from './check';
import { UsageError, loadCliSettings } from './config';

export interface ListedTool extends FileTool {
  file: string;
}

export const TOOLS_USAGE = `Usage: mcp-envelope tools [paths…] [--format json|pretty] [--explain]

Lists the MCP tools registered in the given files or folders.

Options:
  --format json|pretty   output format (default: pretty)
  --explain              say why each one counts as a tool (the chain of evidence); json adds
                         evidence, handler and style
  --config FILE          settings file (JSON with mcpEnvelope.* keys; default: .vscode/settings.json)`;

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
  if (tool.handler) lines.push(`    handler: ${tool.handler.name ?? 'function'} (line ${tool.handler.line})`);
  for (const step of tool.evidence) lines.push(`    ← ${step}`);
  return lines.join('\n');
}

export async function runTools(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'pretty' },
      explain: { type: 'boolean', default: false },
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
  const engine = engineSettings(settings);
  const given = positionals.length > 0 ? positionals : ['.'];
  const { files, unreadable, manifests } = collectSourceFiles(given.map((p) => path.resolve(io.cwd, p)));
  if (unreadable.length > 0) throw new UsageError(`cannot read ${unreadable.join(', ')}`);
  const workspace: WorkspaceFile[] = files.map((fileName) => ({ fileName, text: fs.readFileSync(fileName, 'utf8') }));
  const project = new Project();
  const parsed = indexWorkspace(project, workspace, engine, manifests);
  const found: ListedTool[] = [];
  for (const { fileName, text } of workspace) {
    const sourceFile = parsed.get(fileName);
    if (!sourceFile) continue;
    const indexed = project.indexText(fileName, text, engine, sourceFile);
    if (!indexed.scan) continue;
    const shown = displayPath(fileName, io.cwd, given);
    for (const tool of toolsOf(sourceFile, indexed.scan)) found.push({ ...tool, file: shown });
  }
  const tools = withoutDispatchedDefinitions(found, (tool) => tool.file);
  const explain = values.explain === true;
  if (values.format === 'json') {
    io.stdout(
      JSON.stringify(
        tools.map((t) => jsonOf(t, explain)),
        null,
        2,
      ),
    );
  } else if (tools.length === 0) {
    io.stdout('No MCP tools registered.');
  } else {
    for (const tool of tools) io.stdout(prettyOf(tool, explain));
  }
  return 0;
}
