/**
 * Which parameter of a dispatching function receives the tools/call request. A `tools/call` handler takes the
 * request first (`async (request) => …`), but a function it hands the request on to may take something else first
 * (`handleOrdersRequest(connection, request)`): there the request is the parameter the body reads `.params` of.
 * Arguments built from another parameter (`listOrders(connection, args)`) then do not count as the request.
 */
import ts from 'typescript';
import { type FunctionLike, walk } from '../parse/syntax';

/** The name of the parameter that holds the request: the one read as `p.params`, else the first (when a name). */
export function requestParameterName(fn: FunctionLike): string | undefined {
  const names = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : undefined));
  const first = names[0];
  if (names.length < 2 || !fn.body) return first;
  const candidates = new Set(names.filter((name): name is string => name !== undefined));
  const readAsRequest = new Set<string>();
  walk(fn.body, (node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'params' &&
      ts.isIdentifier(node.expression) &&
      candidates.has(node.expression.text)
    ) {
      readAsRequest.add(node.expression.text);
    }
    return true;
  });
  if (readAsRequest.size !== 1 || (first !== undefined && readAsRequest.has(first))) return first;
  const [request] = readAsRequest;
  return request;
}
