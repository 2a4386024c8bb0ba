/** The hover on a tool registration or its handler: the tool, its handler, and why it counts as a tool. */
import type { FileTool } from '../../../engine/src';

function code(text: string): string {
  return '`' + text.replace(/`/g, "'") + '`';
}

export function toolHover(tool: FileTool): string {
  const name = tool.name ?? (tool.nameExpression ? `${tool.nameExpression} (not known statically)` : 'unnamed');
  const lines = [`**MCP tool** ${code(name)} — ${tool.style} (${tool.kind})`];
  if (tool.nameExpression && tool.name !== null) lines.push(`Name written as ${code(tool.nameExpression)}.`);
  if (tool.handler) lines.push(`Handler: ${code(tool.handler.name ?? 'function')} on line ${tool.handler.line}.`);
  if (tool.evidence.length > 0) {
    lines.push('', 'Why this counts as a tool:');
    for (const step of tool.evidence) lines.push(`- ${step.replace(/`/g, "'")}`);
  }
  return lines.join('\n');
}
