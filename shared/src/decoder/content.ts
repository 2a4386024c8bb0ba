/** What a result's `content` holds: its text blocks, its other blocks, and any JSON objects in the text. */
import { isRecord, parseJsonValue, type JsonObject } from './json';

export interface ContentView {
  /** Text the model sees, one entry per text block (a string `content` counts as one block). */
  texts: string[];
  /** Image, audio, resource and resource-link blocks: data that is not text. */
  otherBlocks: number;
  /** JSON objects found in text blocks (or a `content` that is itself an object). */
  jsonObjects: JsonObject[];
  /** JSON values found in text blocks that are not objects (`[]`, `[1,2]`). */
  jsonOther: unknown[];
}

export function readContent(content: unknown): ContentView {
  const view: ContentView = { texts: [], otherBlocks: 0, jsonObjects: [], jsonOther: [] };
  const addText = (text: string): void => {
    view.texts.push(text);
    const parsed = parseJsonValue(text);
    if (isRecord(parsed)) view.jsonObjects.push(parsed);
    else if (parsed !== undefined) view.jsonOther.push(parsed);
  };
  if (typeof content === 'string') {
    addText(content);
  } else if (Array.isArray(content)) {
    for (const block of content) {
      if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') addText(block.text);
      else if (typeof block === 'string') addText(block);
      else if (block !== null && block !== undefined) view.otherBlocks++;
    }
  } else if (isRecord(content)) {
    view.jsonObjects.push(content);
    view.texts.push(JSON.stringify(content));
  }
  return view;
}

/** An answer that holds nothing: `[]`, `{}`, or an object whose arrays are all empty and that has nothing else but words. */
export function isEmptyPayload(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (!isRecord(value)) return false;
  let arrays = 0;
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (Array.isArray(field)) {
      if (field.length > 0) return false;
      arrays++;
    } else if (isRecord(field) && Object.keys(field).length > 0) {
      return false;
    }
  }
  return arrays > 0 || Object.keys(value).length === 0;
}
