/**
 * A project's own registration helper whose registered handler calls the tool callback inside a try/catch that
 * answers every error guards the callback: throw-in-handler and unguarded-handler stay silent on it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from './checks/checkTester';

const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'devices', version: '1' });\n`;

/** A local `tool(name, description, cb)` helper; `body` is the registered handler's body. */
function withHelper(body: string): string {
  return (
    header +
    [
      `class UserFacingError extends Error {}`,
      `const tool = (name: string, description: string, cb: (args: { id: string }) => Promise<string>) => {`,
      `  server.registerTool(name, { description }, async (args: { id: string }) => {`,
      body,
      `  });`,
      `};`,
      `function requireDevice(id: string) {`,
      `  if (!id) throw new UserFacingError('pick a device first');`,
      `  return { tap: async () => 'tapped' };`,
      `}`,
      `tool('tap', 'Taps the screen', async ({ id }) => {`,
      `  const device = requireDevice(id);`,
      `  if (id === 'offline') throw new UserFacingError('the device is offline');`,
      `  return await device.tap();`,
      `});`,
    ].join('\n')
  );
}

const catchingAll = [
  `    try {`,
  `      const text = await cb(args);`,
  `      return { content: [{ type: 'text', text }] };`,
  `    } catch (error) {`,
  `      if (error instanceof UserFacingError) return { content: [{ type: 'text', text: error.message }] };`,
  `      return { isError: true, content: [{ type: 'text', text: 'tap failed' }] };`,
  `    }`,
].join('\n');

const counts = (code: string) => ({
  throws: findingsOf('throw-in-handler', { name: 'wrapper', code }).findings.length,
  unguarded: findingsOf('unguarded-handler', { name: 'wrapper', code }).findings.length,
});

describe('a registration helper that guards the tool callback', () => {
  it('calls the callback inside a try whose catch answers every error: no throw or unguarded finding', () => {
    assert.deepEqual(counts(withHelper(catchingAll)), { throws: 0, unguarded: 0 });
  });

  it('through cb.call(…): still guarded', () => {
    assert.deepEqual(counts(withHelper(catchingAll.replace('cb(args)', 'cb.call(undefined, args)'))), {
      throws: 0,
      unguarded: 0,
    });
  });

  it('a catch that re-throws does not guard: the throws are reported', () => {
    const rethrowing = catchingAll.replace(
      `      if (error instanceof UserFacingError)`,
      `      if (!(error instanceof UserFacingError)) throw error;\n      if (error instanceof UserFacingError)`,
    );
    const found = counts(withHelper(rethrowing));
    assert.ok(found.throws >= 2, `throws: ${found.throws}`);
    assert.ok(found.unguarded >= 1, `unguarded: ${found.unguarded}`);
  });

  it('the callback called outside the try does not guard', () => {
    const outside = [
      `    const text = await cb(args);`,
      `    try {`,
      `      return { content: [{ type: 'text', text }] };`,
      `    } catch {`,
      `      return { isError: true, content: [] };`,
      `    }`,
    ].join('\n');
    const found = counts(withHelper(outside));
    assert.ok(found.throws >= 2, `throws: ${found.throws}`);
    assert.ok(found.unguarded >= 1, `unguarded: ${found.unguarded}`);
  });

  it('the callback called in a deferred function inside the try does not guard', () => {
    const deferred = catchingAll.replace('const text = await cb(args);', 'const text = await later(() => cb(args));');
    const found = counts(withHelper(deferred));
    assert.ok(found.throws >= 2, `throws: ${found.throws}`);
  });
});
