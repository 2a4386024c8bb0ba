/**
 * How much JSDoc a parse reads. The engine reads JSDoc for two tags only (`@mcpToolHandler`, handlers.ts; `@ignore`,
 * workerEntrypointTools.ts, both through `ts.getJSDocTags`); everything else it reads is the syntax tree, which
 * TypeScript builds the same with or without JSDoc (comments are attached to nodes, never change them). A file whose
 * text holds neither tag is parsed without JSDoc, which spares TypeScript parsing every doc comment of the file.
 */
import ts from 'typescript';

/** The JSDoc tags some rule of the engine reads (add a tag here when a rule starts reading it). */
export const JSDOC_TAGS_READ: readonly string[] = ['@mcpToolHandler', '@ignore'];

/** The JSDoc parsing a file's text needs: all of it when the text holds a tag the engine reads, none otherwise. */
export function jsDocParsingModeFor(text: string): ts.JSDocParsingMode {
  return JSDOC_TAGS_READ.some((tag) => text.includes(tag))
    ? ts.JSDocParsingMode.ParseAll
    : ts.JSDocParsingMode.ParseNone;
}
