/**
 * Handler checks on shapes seen in the servers of precision review round 5 (docs/precision-review.md,
 * Round 5): a tuple result whose `ok` is tested, an empty branch that is a failed write or a missing input,
 * and one failure reported twice by failure-as-success. Each case has a look-alike that must still fire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf } from '../checkTester';

const header = [
  `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';`,
  `import { z } from 'zod';`,
  `import { flagsCreate } from './funcs/flagsCreate.js';`,
  `import { calendar } from './calendar.js';`,
  `const server = new McpServer({ name: 'flags', version: '1' });`,
];
const lines = (...body: string[]): string => [...header, ...body].join('\n');

function checkIds(check: string, code: string): string[] {
  return findingsOf(check, { name: 'case', code }).findings.map((finding) => finding.check);
}

describe('unguarded-handler: a tuple whose result element reports failure', () => {
  const tool = (binding: string, test: string): string =>
    lines(
      `server.tool('create-flag', { key: z.string() }, async ({ key }, ctx) => {`,
      `  const ${binding} = await flagsCreate(client, { key }, { signal: ctx.signal }).$inspect();`,
      `  if (${test}) {`,
      `    return { content: [{ type: 'text', text: 'Could not create the flag' }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'created' }] };`,
      `});`,
    );

  it('const [result, call] = await sdkCall(…).$inspect(); if (!result.ok) … is handled', () => {
    assert.deepEqual(checkIds('unguarded-handler', tool('[result, apiCall]', '!result.ok')), []);
  });

  it('const [error, data] = await to(…); if (error) … is handled', () => {
    assert.deepEqual(checkIds('unguarded-handler', tool('[error, data]', 'error')), []);
  });

  it('look-alike: the tuple is bound but its outcome is never tested', () => {
    assert.deepEqual(checkIds('unguarded-handler', tool('[result, apiCall]', 'apiCall.request')), [
      'unguarded-handler',
    ]);
  });

  it('look-alike: Promise.all settles a tuple of plain values, which says nothing about failure', () => {
    const code = lines(
      `server.tool('two-flags', { key: z.string() }, async ({ key }) => {`,
      `  const [first, second] = await Promise.all([flagsCreate(key), flagsCreate(key + '-b')]);`,
      `  if (!first.ok) return { content: [{ type: 'text', text: 'no' }], isError: true };`,
      `  return { content: [{ type: 'text', text: String(second) }] };`,
      `});`,
    );
    assert.deepEqual(checkIds('unguarded-handler', code), ['unguarded-handler']);
  });
});

describe('empty-result-as-error: an empty branch that is a failure or a missing input', () => {
  const emptyBranch = (prelude: string[], test: string, text: string): string =>
    lines(
      `server.tool('events', { ids: z.array(z.string()) }, async ({ ids }) => {`,
      ...prelude,
      `  if (${test}) {`,
      `    return { content: [{ type: 'text', text: ${text} }], isError: true };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'done' }] };`,
      `});`,
    );

  it('nothing created by a batch of writes is a failed write', () => {
    const code = emptyBranch(
      [`  const created = await calendar.insertAll(ids);`],
      'created.length === 0',
      'JSON.stringify(created)',
    );
    assert.deepEqual(checkIds('empty-result-as-error', code), []);
  });

  it('no fields provided by the caller is a VALIDATION refusal', () => {
    const code = emptyBranch(
      [`  const patch = await calendar.patchFor(ids);`],
      'Object.keys(patch).length === 0',
      `'No updatable fields provided. Pass one of: title, start, end.'`,
    );
    assert.deepEqual(checkIds('empty-result-as-error', code), []);
  });

  it('"Errors encountered" in the text is a failure', () => {
    const code = emptyBranch(
      [`  const kinds = await calendar.kinds(ids);`],
      'kinds.length === 0',
      '`No kinds found.\\nErrors encountered: ${ids.join()}`',
    );
    assert.deepEqual(checkIds('empty-result-as-error', code), []);
  });

  it('look-alike: nothing found by a search is still a valid empty answer', () => {
    const code = emptyBranch(
      [`  const events = await calendar.search(ids);`],
      'events.length === 0',
      `'No events for the provided query'`,
    );
    assert.deepEqual(checkIds('empty-result-as-error', code), ['empty-result-as-error']);
  });
});

describe('failure-as-success: one catch, one finding', () => {
  const catchReturning = (item: string): string =>
    lines(
      `server.tool('play', { uri: z.string() }, async ({ uri }) => {`,
      `  try {`,
      `    await calendar.play(uri);`,
      `    return { content: [{ type: 'text', text: 'playing' }] };`,
      `  } catch (error) {`,
      `    return { content: [${item}] };`,
      `  }`,
      `});`,
    );

  it('a catch that returns a content item with isError is reported once, at the catch', () => {
    const found = findingsOf('failure-as-success', {
      name: 'case',
      code: catchReturning(`{ type: 'text', text: \`Error: \${String(error)}\`, isError: true }`),
    }).findings;
    assert.deepEqual(
      found.map((finding) => finding.message.split(':')[0]),
      ['This catch returns a normal result'],
    );
  });

  it('look-alike: an isError on a content item outside any catch is still reported', () => {
    const code = lines(
      `server.tool('play', { uri: z.string() }, async ({ uri }) => {`,
      `  if (!uri.startsWith('track:')) {`,
      `    return { content: [{ type: 'text', text: 'Give a track uri', isError: true }] };`,
      `  }`,
      `  return { content: [{ type: 'text', text: 'playing' }] };`,
      `});`,
    );
    assert.deepEqual(checkIds('failure-as-success', code), ['failure-as-success']);
  });
});

describe('unguarded-handler: reading the clock is not a failure', () => {
  const timed = (...work: string[]): string =>
    lines(
      `server.tool('elapsed', { key: z.string() }, async ({ key }) => {`,
      `  const started = performance.now();`,
      ...work,
      `  return { content: [{ type: 'text', text: \`\${key}: \${performance.now() - started} ms\` }] };`,
      `});`,
    );

  it('performance.now() alone cannot fail', () => {
    assert.deepEqual(checkIds('unguarded-handler', timed()), []);
  });

  it('look-alike: an awaited call after it is still named', () => {
    const found = findingsOf('unguarded-handler', {
      name: 'case',
      code: timed(`  await calendar.sync(key);`),
    }).findings;
    assert.deepEqual(
      found.map((finding) => finding.message.includes('`await calendar.sync(…)`')),
      [true],
    );
  });
});

describe('unguarded-handler: a log function named by its level is a log line', () => {
  const logging = (call: string): string =>
    lines(
      `import { verbose_log, readLog } from './logging.js';`,
      `server.tool('status', { key: z.string() }, async ({ key }) => {`,
      `  ${call};`,
      `  return { content: [{ type: 'text', text: key }] };`,
      `});`,
    );

  it('verbose_log(…) is not where the tool fails', () => {
    assert.deepEqual(checkIds('unguarded-handler', logging(`verbose_log('status', key)`)), []);
  });

  it('look-alike: readLog(…) reads a file and can fail', () => {
    assert.deepEqual(checkIds('unguarded-handler', logging(`readLog(key)`)), ['unguarded-handler']);
  });
});

describe('failure-as-success: a return written for the compiler after branches that all throw', () => {
  const searchHelper = (last: string): string =>
    lines(
      `async function searchPages(query: string) {`,
      `  try {`,
      `    return await calendar.search(query);`,
      `  } catch (error) {`,
      `    if (error instanceof TypeError) {`,
      `      throw new Error('Invalid request');`,
      `    } else {`,
      `      throw new Error('Search failed');`,
      `    }`,
      `    ${last}`,
      `  }`,
      `}`,
      `server.tool('search', { query: z.string() }, async ({ query }) => {`,
      `  const pages = await searchPages(query);`,
      `  return { content: [{ type: 'text', text: JSON.stringify(pages) }] };`,
      `});`,
    );

  it('return null as never is never reached', () => {
    assert.deepEqual(checkIds('failure-as-success', searchHelper('return null as never;')), []);
  });

  it('look-alike: return null is an empty value the handler presents as nothing found', () => {
    assert.deepEqual(checkIds('failure-as-success', searchHelper('return null;')), ['failure-as-success']);
  });
});

describe('unguarded-handler: a handler that is a React component (a UI tool)', () => {
  const component = (...body: string[]): string =>
    lines(
      `import { useState, useEffect } from 'react';`,
      `import { useForecast } from './forecast.js';`,
      `server.tool('weather', { city: z.string() }, function Weather() {`,
      `  const [city, setCity] = useState('Berlin');`,
      `  const [error, setError] = useState<string | null>(null);`,
      ...body,
      `  useEffect(() => {`,
      `    fetch('https://example.test/' + city).catch((e) => setError(String(e)));`,
      `  }, [city]);`,
      `  return { content: [{ type: 'text', text: error ?? city }] };`,
      `});`,
    );

  it("React's own hooks are state, not the tool's work", () => {
    assert.deepEqual(checkIds('unguarded-handler', component()), []);
  });

  it('look-alike: a custom hook of the project can do work and fail', () => {
    const found = findingsOf('unguarded-handler', {
      name: 'case',
      code: component(`  const forecast = useForecast(city);`, `  if (error) setCity(String(forecast));`),
    }).findings;
    assert.deepEqual(
      found.map((finding) => finding.message.includes('`useForecast(…)`') && !finding.message.includes('Not counted')),
      [true],
    );
  });
});
