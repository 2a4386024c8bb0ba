/**
 * The detail pane of one call: verdict, what the agent should do next, the envelope findings (linked to
 * their docs), the decoded envelope fields, the arguments, and the raw request and response with Copy buttons.
 * Every value from the call is written with textContent.
 */
import { describeReading, type DecodedCall } from '../../shared/src/decodedCall';
import { formatDuration, verdictOf } from '../../shared/src/panel/callRow';
import { clear, el, post } from './dom';

/** Longest JSON shown in a block; Copy always copies all of it. */
const MAX_SHOWN_CHARS = 200_000;

function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function section(parent: HTMLElement, title: string): HTMLElement {
  parent.appendChild(el('h3', undefined, title));
  return parent;
}

function jsonBlock(parent: HTMLElement, title: string, value: unknown, copyId: string): void {
  const text = prettyJson(value);
  const header = el('div', 'raw-header');
  header.appendChild(el('h3', undefined, title));
  if (text !== '') {
    const copy = el('button', undefined, 'Copy');
    copy.type = 'button';
    copy.id = copyId;
    copy.title = `Copy the ${title.toLowerCase()} as JSON`;
    copy.addEventListener('click', () => post({ type: 'copy', text }));
    header.appendChild(copy);
  }
  parent.appendChild(header);
  if (text === '') {
    parent.appendChild(el('div', 'none', title.startsWith('Raw response') ? 'No response yet.' : 'None.'));
    return;
  }
  const shown =
    text.length > MAX_SHOWN_CHARS
      ? `${text.slice(0, MAX_SHOWN_CHARS)}\n… (${text.length - MAX_SHOWN_CHARS} more characters; Copy copies everything)`
      : text;
  parent.appendChild(el('pre', undefined, shown));
}

function fieldRows(call: DecodedCall): [string, string][] {
  const show = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'string' ? value : prettyJson(value);
  const rows: [string, string][] = [
    ['outcome', call.outcome],
    ['errorCategory', show(call.category)],
    ['isRetryable', show(call.retryable)],
    ['encoding', call.encoding],
  ];
  if (call.retryAfterMs !== undefined) rows.push(['retryAfterMs', String(call.retryAfterMs)]);
  if (call.suggestedAction !== undefined) rows.push(['suggestedAction', show(call.suggestedAction)]);
  if (call.attemptedQuery !== undefined) rows.push(['attemptedQuery', show(call.attemptedQuery)]);
  if (call.partialResults !== undefined) rows.push(['partialResults', show(call.partialResults)]);
  if (call.progress) {
    const { progress, total, updates, message } = call.progress;
    rows.push([
      'progress',
      `${progress}${total !== undefined ? ` / ${total}` : ''} (${updates} updates)${message ? ` ${message}` : ''}`,
    ]);
  }
  rows.push(
    ['duration', formatDuration(call.durationMs)],
    ['started', call.startedAt],
    ['request id', JSON.stringify(call.id)],
  );
  return rows;
}

export function renderDetail(pane: HTMLElement, call: DecodedCall, source: string, onClose: () => void): void {
  clear(pane);
  pane.hidden = false;
  const { verdict, tone } = verdictOf(call);

  const title = el('div', 'detail-title');
  title.appendChild(el('h2', undefined, call.tool === '' ? '(no tool name)' : call.tool));
  title.appendChild(el('span', `verdict tone-${tone}`, verdict));
  title.appendChild(el('span', 'spacer-flex'));
  const goTo = el('button', 'primary', 'Go to handler');
  goTo.type = 'button';
  goTo.id = 'go-to-handler';
  goTo.title = `Open the registration of "${call.tool}" in the workspace`;
  goTo.disabled = call.tool === '';
  goTo.addEventListener('click', () => post({ type: 'goToHandler', tool: call.tool }));
  title.appendChild(goTo);
  const close = el('button', undefined, '✕');
  close.type = 'button';
  close.title = 'Close the detail (Escape)';
  close.setAttribute('aria-label', 'Close the detail');
  close.addEventListener('click', onClose);
  title.appendChild(close);
  pane.appendChild(title);
  pane.appendChild(el('div', 'none', `${call.server} · ${source}`));

  section(pane, 'What the agent should do next').appendChild(el('div', 'next-action', call.nextAction));

  if (call.message) section(pane, 'Message').appendChild(el('div', 'message', call.message));

  if (call.reading) {
    // The classifier's reading stays apart from the decoded envelope, which shows what the server declared.
    section(pane, "Classifier's reading").appendChild(el('div', 'reading', describeReading(call.reading)));
    if (call.repaired) {
      pane.appendChild(
        el(
          'div',
          'repaired-note',
          `Repaired by the tap (${call.repaired.style}): the host received an envelope built from this reading. The raw response below is the server's; the one the host received follows it.`,
        ),
      );
    }
  }

  section(pane, 'Envelope findings');
  if (call.findings.length === 0) {
    const text =
      call.outcome === 'pending'
        ? 'No response yet.'
        : call.outcome === 'no-answer'
          ? 'No response: the server exited before answering.'
          : 'None: the envelope tells the agent what happened and what to do.';
    pane.appendChild(el('div', 'none', text));
  } else {
    const list = el('ul', 'findings');
    for (const finding of call.findings) {
      const item = el('li');
      const link = el('a', 'check', finding.check);
      link.href = '#';
      link.title = `Open the documentation of ${finding.check}`;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        post({ type: 'openDocs', check: finding.check });
      });
      item.appendChild(link);
      item.appendChild(el('span', undefined, finding.message));
      list.appendChild(item);
    }
    pane.appendChild(list);
  }

  section(pane, 'Decoded envelope');
  const fields = el('dl', 'fields');
  for (const [name, value] of fieldRows(call)) {
    fields.appendChild(el('dt', undefined, name));
    fields.appendChild(el('dd', undefined, value));
  }
  pane.appendChild(fields);

  jsonBlock(pane, 'Arguments', call.arguments, 'copy-arguments');
  jsonBlock(pane, 'Raw request', call.request, 'copy-request');
  jsonBlock(pane, 'Raw response', call.response, 'copy-response');
  if (call.repaired) jsonBlock(pane, 'Response the host received (repaired)', call.repaired.sent, 'copy-repaired');
}

export function renderDetailGone(pane: HTMLElement): void {
  clear(pane);
  pane.hidden = false;
  pane.appendChild(el('div', 'none', 'This call is no longer in the list (cleared).'));
}
