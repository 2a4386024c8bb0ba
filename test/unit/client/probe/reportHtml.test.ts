import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandLink, escapeHtml, gradeTone, reportHtml } from '../../../../client/src/probe/reportHtml';
import { sampleReport } from './sampleReport';

void describe('probe report cards (HTML)', () => {
  const html = reportHtml(sampleReport(), { nonce: 'n0nce', session: 2 });

  void it('has one card per tool with its grade, and the server grade', () => {
    assert.equal((html.match(/<section class="card /g) ?? []).length, 5);
    assert.match(html, /data-tool="get_order" data-session="2">\n<header><h2>get_order<\/h2><span class="grade">66/);
    assert.match(html, /Probe of mistaken: 71/);
    assert.match(html, /Skipped: destructive/);
  });

  void it('links each tool to its probe calls and the report to saving', () => {
    const links = [...html.matchAll(/href="command:([\w.]+)\?([^"]*)"/g)].map(([, command, query]) => [
      command,
      JSON.parse(decodeURIComponent(query.replace(/&amp;/g, '&'))) as unknown,
    ]);
    assert.deepEqual(links[0], ['mcpEnvelope.saveProbeReport', [2]]);
    assert.ok(
      links.some(
        ([command, args]) =>
          command === 'mcpEnvelope.showToolCalls' &&
          JSON.stringify(args) === JSON.stringify([{ server: 'probe: mistaken', tool: 'get_order' }]),
      ),
    );
    assert.equal(commandLink('a.b', [1]), 'command:a.b?%5B1%5D');
  });

  void it('escapes what the server sent and allows no script', () => {
    const report = sampleReport();
    report.tools[0].calls[1].message = '<img src=x onerror=alert(1)>';
    const page = reportHtml(report, { nonce: 'n', session: 1 });
    assert.ok(!page.includes('<img'));
    assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.match(page, /default-src 'none'; style-src 'nonce-n';/);
    assert.equal(escapeHtml(`"'&`), '&quot;&#39;&amp;');
    assert.deepEqual([gradeTone(95), gradeTone(60), gradeTone(10), gradeTone(null)], ['good', 'fair', 'poor', 'none']);
  });
});
