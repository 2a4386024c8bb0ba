/** The tools a file registers, in the stable shape of `mcp-envelope tools --format json`. */
import type ts from 'typescript';
import { isRelevant, looksBinary, parseSource } from '../engine';
import { type HandlerScan, scanHandlers } from './handlers';

export type ListedToolKind = 'registerTool' | 'tool' | 'setRequestHandler';

export interface FileTool {
  name: string | null;
  /** 1-based line of the registration call. */
  line: number;
  kind: ListedToolKind;
}

export function listTools(fileName: string, text: string, handlerFactories: readonly string[]): FileTool[] {
  const settings = { handlerFactories, severities: {}, categoryCase: 'upper', envelopeStyle: 'recommended' } as const;
  if (looksBinary(text) || !isRelevant(text, settings, false)) return [];
  const sourceFile = parseSource(fileName, text);
  return toolsOf(sourceFile, scanHandlers(sourceFile, { handlerFactories: [] }));
}

/** The listed tools of a file already scanned (no second parse). */
export function toolsOf(sourceFile: ts.SourceFile, scan: HandlerScan): FileTool[] {
  const tools: FileTool[] = [];
  for (const registration of scan.registrations) {
    const kind = registration.kind;
    if (kind !== 'registerTool' && kind !== 'tool' && kind !== 'setRequestHandler') continue;
    const line = sourceFile.getLineAndCharacterOfPosition(registration.node.getStart(sourceFile)).line + 1;
    tools.push({ name: registration.name, line, kind });
  }
  return tools;
}
