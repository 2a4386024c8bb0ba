/**
 * DOM helpers for the Tool Calls webview. Text from calls is untrusted: it only ever reaches the page through
 * `textContent` (never innerHTML), so markup in a tool's output is shown, not run.
 */
import type { FromWebviewMessage } from '../../shared/src/panel/messages';

/** Creates an element with a class and, optionally, text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the Tool Calls page has no #${id}`);
  return element as T;
}

/** Removes every child of an element. */
export function clear(element: Element): void {
  while (element.firstChild) element.removeChild(element.firstChild);
}

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();

/** Sends a typed message to the extension. */
export function post(message: FromWebviewMessage): void {
  api.postMessage(message);
}

export function saveState(state: unknown): void {
  api.setState(state);
}

export function loadState(): unknown {
  return api.getState();
}
