/**
 * A tools/call dispatcher whose `switch` sits in a try whose catch answers every error guards the
 * handlers its branches call, also when they live in another file (issue 9, shape 3).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guardFindings } from './guardWorkspace';

const folders = [
  `export async function createFolder(drive: { create(n: string): Promise<string> }, name: string) {`,
  `  if (!name) throw new Error('folder name required');`,
  `  return await drive.create(name);`,
  `}`,
].join('\n');

/** The dispatcher file; `around` wraps the switch (`%` marks where it goes). */
function dispatcher(around: string): string {
  const dispatch = [
    `switch (request.params.name) {`,
    `  case 'create_folder': {`,
    `    const id = await createFolder(drive, String(request.params.arguments?.name));`,
    `    return { content: [{ type: 'text', text: id }] };`,
    `  }`,
    `  default:`,
    `    return { isError: true, content: [{ type: 'text', text: 'unknown tool' }] };`,
    `}`,
  ].join('\n');
  return [
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';`,
    `import { createFolder } from './folders.js';`,
    `const drive = { create: async (n: string) => n };`,
    `const server = new Server({ name: 'drive', version: '1' }, { capabilities: { tools: {} } });`,
    `server.setRequestHandler(CallToolRequestSchema, async (request) => {`,
    around.replace('%', dispatch),
    `});`,
  ].join('\n');
}

const ANSWERED = `try {\n%\n} catch (error) {\n  return { isError: true, content: [{ type: 'text', text: 'drive failed' }] };\n}`;
const RETHROWN = `try {\n%\n} catch (error) {\n  console.error(error);\n  throw error;\n}`;
const UNGUARDED = ['throw-in-handler:2', 'unguarded-handler:1'];

function findings(around: string): string[] {
  return guardFindings({ 'folders.ts': folders, 'index.ts': dispatcher(around) }, 'folders.ts').sort();
}

describe('handlers called by a dispatcher branch inside a guarding try', () => {
  it('a handler in another file, called from a case inside a try whose catch returns a result', () => {
    assert.deepEqual(findings(ANSWERED), []);
  });

  it('near miss: the dispatcher’s catch rethrows', () => {
    assert.deepEqual(findings(RETHROWN), UNGUARDED);
  });

  it('near miss: no try around the switch', () => {
    assert.deepEqual(findings('%'), UNGUARDED);
  });
});
