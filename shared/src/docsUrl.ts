/** Where a check's documentation page lives. */
export const DOCS_BASE = 'https://github.com/mcp-envelope/mcp-envelope/blob/main/docs/checks/';

export function docsUrl(checkId: string): string {
  return `${DOCS_BASE}${checkId}.md`;
}
