import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  handlerTargets,
  lensPlacements,
  noTargetMessage,
  targetDescription,
} from '../../../../client/src/codelens/toolLocations';
import { DISPATCH_FILE, SDK_FILE, STYLED_TOOLS, TAG_FILE } from './styledTools';

const inFile = (file: string) => (uri: string) => uri === file;

void describe('live-calls lens placement', () => {
  void it('puts a lens on each registration and on dispatcher functions and handlers defined above', () => {
    assert.deepEqual(
      lensPlacements(STYLED_TOOLS, inFile(DISPATCH_FILE)).map((lens) => [lens.line, lens.tool, lens.at]),
      [
        [10, 'search_orders', 'handler'],
        [22, 'refund_order', 'handler'],
        [42, 'search_orders', 'registration'],
        [43, 'refund_order', 'registration'],
        [50, 'get_invoice', 'registration'],
        [58, 'ping', 'handler'],
        [60, 'ping', 'registration'],
      ],
    );
  });

  void it('gives a computed name or an untitled tagged function no lens, and an inline handler none of its own', () => {
    const dispatch = lensPlacements(STYLED_TOOLS, inFile(DISPATCH_FILE));
    assert.ok(!dispatch.some((lens) => lens.line === 70 || lens.line === 72));
    assert.deepEqual(lensPlacements(STYLED_TOOLS, inFile(TAG_FILE)), []);
    assert.deepEqual(
      lensPlacements(STYLED_TOOLS, inFile(SDK_FILE)).map((lens) => [lens.line, lens.tool]),
      [[30, 'search_orders']],
    );
    assert.deepEqual(lensPlacements(STYLED_TOOLS, inFile('file:///elsewhere.ts')), []);
  });

  void it('follows a dispatcher branch to a function below it, but not a class method below its class', () => {
    const below = [
      {
        name: 'late',
        line: 20,
        kind: 'dispatch',
        style: 'dispatcher',
        handler: { line: 90, name: 'late' },
        uri: SDK_FILE,
      },
      { name: 'cls', line: 40, kind: 'class', style: 'class', handler: { line: 43, name: 'run' }, uri: SDK_FILE },
    ];
    assert.deepEqual(
      lensPlacements(below, inFile(SDK_FILE)).map((lens) => [lens.line, lens.tool, lens.at]),
      [
        [20, 'late', 'registration'],
        [40, 'cls', 'registration'],
        [90, 'late', 'handler'],
      ],
    );
  });

  void it('names the tool when a shared handler carries several lenses, never twice the same', () => {
    const shared = [
      {
        name: 'a',
        line: 20,
        kind: 'dispatch',
        style: 'dispatcher',
        handler: { line: 5, name: 'handle' },
        uri: SDK_FILE,
      },
      {
        name: 'b',
        line: 21,
        kind: 'dispatch',
        style: 'dispatcher',
        handler: { line: 5, name: 'handle' },
        uri: SDK_FILE,
      },
      {
        name: 'b',
        line: 21,
        kind: 'dispatch',
        style: 'dispatcher',
        handler: { line: 5, name: 'handle' },
        uri: SDK_FILE,
      },
    ];
    assert.deepEqual(
      lensPlacements(shared, inFile(SDK_FILE)).map((lens) => [lens.line, lens.tool, lens.shared]),
      [
        [5, 'a', true],
        [5, 'b', true],
        [20, 'a', false],
        [21, 'b', false],
      ],
    );
  });

  void it('puts the lens of a tool whose handler is imported above that function, in the handler file', () => {
    const HANDLER_FILE = 'file:///work/shop/src/tools/search.ts';
    const imported = [
      { name: 'search', line: 8, kind: 'tool', handler: { line: 3, name: 'search', uri: HANDLER_FILE }, uri: SDK_FILE },
    ];
    assert.deepEqual(
      lensPlacements(imported, inFile(HANDLER_FILE)).map((lens) => [lens.line, lens.tool, lens.at]),
      [[3, 'search', 'handler']],
    );
    // In the registering file: the registration only, never the other file's line 3.
    assert.deepEqual(
      lensPlacements(imported, inFile(SDK_FILE)).map((lens) => [lens.line, lens.tool, lens.at]),
      [[8, 'search', 'registration']],
    );
  });
});

void describe('Go to handler targets', () => {
  void it('opens the per-tool function of a dispatcher branch, and offers every twin', () => {
    const targets = handlerTargets(STYLED_TOOLS, 'search_orders');
    assert.deepEqual(
      targets.map((target) => [target.uri, target.line, target.registrationLine]),
      [
        [DISPATCH_FILE, 10, 42],
        [SDK_FILE, 33, 30],
      ],
    );
    assert.equal(targetDescription(targets[0]), 'searchOrders · dispatcher, registered at line 42');
    assert.equal(targetDescription(targets[1]), 'sdk, registered at line 30');
  });

  void it('falls back to the registration line, and merges registrations sharing a handler', () => {
    const bare = [
      { name: 'x', line: 12, kind: 'tool', uri: SDK_FILE },
      { name: 'x', line: 14, kind: 'tool', handler: { line: 3, name: 'handleX' }, uri: SDK_FILE },
      { name: 'x', line: 16, kind: 'tool', handler: { line: 3, name: 'handleX' }, uri: SDK_FILE },
    ];
    assert.deepEqual(
      handlerTargets(bare, 'x').map((target) => target.line),
      [3, 12],
    );
    assert.equal(targetDescription(handlerTargets(bare, 'x')[1]), 'tool');
    assert.deepEqual(handlerTargets(STYLED_TOOLS, 'auditLog'), []);
    assert.deepEqual(handlerTargets(STYLED_TOOLS, 'computeName()'), []);
  });

  void it('opens a handler imported from another file there, and says where it is registered', () => {
    const HANDLER_FILE = 'file:///work/shop/src/tools/search.ts';
    const imported = [
      { name: 'search', line: 8, kind: 'tool', handler: { line: 3, name: 'search', uri: HANDLER_FILE }, uri: SDK_FILE },
    ];
    const [target] = handlerTargets(imported, 'search');
    assert.deepEqual([target.uri, target.line, target.registrationLine], [HANDLER_FILE, 3, 8]);
    assert.equal(targetDescription(target), `search · tool, registered at ${SDK_FILE.split('/').pop()}:8`);
  });

  void it('says when nothing matched, mentioning computed names only when there are some', () => {
    assert.equal(
      noTargetMessage('nope', STYLED_TOOLS),
      'MCP Envelope: no handler of the tool "nope" was found in this workspace. 2 registrations have a name computed at run time, which could be it.',
    );
    assert.equal(
      noTargetMessage(
        'nope',
        STYLED_TOOLS.filter((tool) => tool.name !== null),
      ),
      'MCP Envelope: no handler of the tool "nope" was found in this workspace.',
    );
  });
});
