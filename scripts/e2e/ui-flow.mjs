export async function runUiFlow() {
  throw new Error('not yet');
}
