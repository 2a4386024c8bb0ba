/** Runs a literal table of tool results through the decoder and compares the verdicts. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeToolResult, type DecodedResult } from '../../../../shared/src/decoder';

export interface DecoderCase {
  name: string;
  result: unknown;
  expect: Partial<Omit<DecodedResult, 'findings'>>;
  /** Exactly the finding ids expected, in any order. */
  findings: string[];
}

export function runDecoderTable(cases: DecoderCase[]): void {
  for (const testCase of cases) {
    void it(testCase.name, () => {
      const decoded = decodeToolResult(testCase.result);
      for (const [key, value] of Object.entries(testCase.expect)) {
        assert.deepEqual(decoded[key as keyof DecodedResult], value, `${key} of ${JSON.stringify(decoded)}`);
      }
      assert.deepEqual(
        decoded.findings.map((finding) => finding.check).sort(),
        [...testCase.findings].sort(),
        JSON.stringify(decoded.findings),
      );
      for (const finding of decoded.findings) assert.ok(finding.message.length > 10, finding.message);
    });
  }
}
