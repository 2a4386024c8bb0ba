import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { contentSecurityPolicy, escapeHtml, newNonce, panelHtml } from '../../../../client/src/panel/html';
import { PANEL_STYLES } from '../../../../shared/src/panel/panelStyles';

const repo = path.resolve(__dirname, '..', '..', '..', '..', '..');
const options = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  scriptUri: 'https://x/dist/webview.js',
  nonce: 'abc123XYZ',
};

void describe('Tool Calls webview HTML', () => {
  const html = panelHtml(options);

  void it('has a strict CSP: nothing by default, scripts only with the nonce, styles from the webview or the nonce', () => {
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
    assert.ok(meta, 'CSP meta tag present');
    const csp = meta[1];
    assert.match(csp, /^default-src 'none';/);
    assert.match(csp, /script-src 'nonce-abc123XYZ'(;|$)/);
    assert.match(csp, /style-src https:\/\/file\+\.vscode-resource\.vscode-cdn\.net 'nonce-abc123XYZ'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(csp, contentSecurityPolicy(options.cspSource, options.nonce));
  });

  void it('every script and style element carries the nonce', () => {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    const styles = html.match(/<style\b[^>]*>/g) ?? [];
    assert.equal(scripts.length, 1);
    assert.equal(styles.length, 1);
    for (const tag of [...scripts, ...styles]) assert.match(tag, /nonce="abc123XYZ"/);
    assert.match(scripts[0], /src="https:\/\/x\/dist\/webview\.js"/);
    assert.doesNotMatch(html, /<script nonce="[^"]*">[^<]/, 'no inline script body');
  });

  void it('has no inline event handlers, javascript: URLs or style attributes', () => {
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(html, /javascript:/i);
    assert.doesNotMatch(html, /\sstyle\s*=/i);
  });

  void it('escapes whatever is interpolated', () => {
    const hostile = panelHtml({
      ...options,
      title: '<img src=x onerror=alert(1)>',
      nonce: 'n"><script>alert(1)</script>',
    });
    assert.doesNotMatch(hostile, /<img src=x/);
    assert.match(hostile, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.equal((hostile.match(/<script\b/g) ?? []).length, 1);
    assert.equal(
      escapeHtml(`<a href="x" title='y'>&</a>`),
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  void it('makes a fresh, attribute-safe nonce each time', () => {
    const a = newNonce();
    const b = newNonce();
    assert.notEqual(a, b);
    assert.match(a, /^[A-Za-z0-9]{16,}$/);
  });

  void it('colours come only from --vscode-* variables', () => {
    assert.doesNotMatch(PANEL_STYLES, /#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i);
    let checked = 0;
    for (const declaration of PANEL_STYLES.match(/[a-z-]+\s*:[^;{}]+/g) ?? []) {
      const colon = declaration.indexOf(':');
      const property = declaration.slice(0, colon).trim();
      const value = declaration.slice(colon + 1).trim();
      if (!/color|background|^border(-(top|bottom|left|right))?$|^outline$/.test(property)) continue;
      if (/^(none|inherit|transparent|0)$/.test(value)) continue;
      assert.match(value, /var\(--vscode-/, declaration);
      checked++;
    }
    assert.ok(checked > 20, `${checked} colour declarations checked`);
  });

  void it('the webview script writes call data only as text: no innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
    const folder = path.join(repo, 'webview', 'src');
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.ts'));
    assert.ok(files.length >= 3);
    for (const name of files) {
      const source = fs.readFileSync(path.join(folder, name), 'utf8');
      assert.doesNotMatch(
        source,
        /\.(innerHTML|outerHTML)\b|insertAdjacentHTML|document\.write|\beval\(|new Function\(/,
        name,
      );
    }
  });
});
