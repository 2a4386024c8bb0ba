/** A location reached from several tool handlers (a shared helper) is reported once per check, not once per tool. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseSourceFile, engineSettings, parseSettings, parseSource } from '../../../engine/src';

const SOURCE = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `const server = new McpServer({ name: 'devices', version: '1.0.0' });`,
  `function requireDevice(id: string) {`,
  `  if (!devices.has(id)) throw new Error('no device ' + id);`,
  `  return devices.get(id);`,
  `}`,
  `server.registerTool('tap', {}, async ({ id }: { id: string }) => {`,
  `  const device = requireDevice(id);`,
  `  return { content: [{ type: 'text', text: device.tap() }] };`,
  `});`,
  `server.registerTool('swipe', {}, async ({ id }: { id: string }) => {`,
  `  const device = requireDevice(id);`,
  `  return { content: [{ type: 'text', text: device.swipe() }] };`,
  `});`,
  `server.registerTool('screenshot', {}, async ({ id }: { id: string }) => {`,
  `  const device = requireDevice(id);`,
  `  return { content: [{ type: 'text', text: device.screenshot() }] };`,
  `});`,
  `const devices = new Map<string, { tap(): string; swipe(): string; screenshot(): string }>();`,
  ``,
].join('\n');

describe('findings at one location', () => {
  it('a throw in a helper shared by three tools is one throw-in-handler finding', () => {
    const result = analyseSourceFile(parseSource('/d/server.ts', SOURCE), engineSettings(parseSettings({}).settings));
    const throwLine = SOURCE.split('\n').findIndex((line) => line.includes('throw new Error'));
    const atThrow = result.findings.filter(
      (f) =>
        f.check === 'throw-in-handler' && result.sourceFile.getLineAndCharacterOfPosition(f.start).line === throwLine,
    );
    assert.equal(atThrow.length, 1);
    const keys = result.findings.map((f) => `${f.check}:${f.start}:${f.end}`);
    assert.equal(new Set(keys).size, keys.length, 'no two findings share check, start and end');
  });
});
