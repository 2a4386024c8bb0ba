/** A fuzz campaign: seeded inputs through the CLI, the language server and the tap, with the totals of each. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { jsonRpcStream, randomChunks } from './jsonRpcInputs';
import { Random } from './random';
import { type FaceTotals, REPO_ROOT, emptyTotals, fuzzCliBatch, fuzzLanguageServer, fuzzTapSession } from './targets';
import { mutatedTypescript, typescriptSeeds } from './typescriptInputs';

export interface CampaignBudget {
  seed: number;
  /** Mutated TypeScript files through `check`, in folders of `batchSize`. */
  cliFiles: number;
  batchSize: number;
  /** Mutated documents through the language server. */
  lspDocuments: number;
  /** JSON-RPC bytes through the tap, in sessions of `tapSessionBytes`. */
  tapBytes: number;
  tapSessionBytes: number;
  /** Processes run at once. */
  parallel: number;
}

export interface CampaignTotals {
  cli: FaceTotals;
  lsp: FaceTotals;
  tap: FaceTotals;
  all: Omit<FaceTotals, 'problems'> & { problems: number };
  seconds: number;
}

/** Runs `jobs` with at most `parallel` at once. */
async function inParallel(jobs: ReadonlyArray<() => Promise<void>>, parallel: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
}

export async function runCampaign(budget: CampaignBudget): Promise<CampaignTotals> {
  const started = Date.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-envelope-fuzz-'));
  const random = new Random(budget.seed);
  const seeds = typescriptSeeds(REPO_ROOT);
  const totals = { cli: emptyTotals(), lsp: emptyTotals(), tap: emptyTotals() };
  try {
    const jobs: Array<() => Promise<void>> = [];
    const cliRandom = random.fork(1);
    for (let batch = 0; batch * budget.batchSize < budget.cliFiles; batch++) {
      const count = Math.min(budget.batchSize, budget.cliFiles - batch * budget.batchSize);
      const files = Array.from({ length: count }, () => mutatedTypescript(cliRandom, seeds));
      jobs.push(() => fuzzCliBatch(path.join(root, `cli${batch}`), files, totals.cli));
    }
    const lspRandom = random.fork(2);
    const documents = Array.from({ length: budget.lspDocuments }, () => mutatedTypescript(lspRandom, seeds));
    jobs.push(() => fuzzLanguageServer(path.join(root, 'lsp'), documents, totals.lsp));
    const tapRandom = random.fork(3);
    for (let session = 0; session * budget.tapSessionBytes < budget.tapBytes; session++) {
      const sessionRandom = tapRandom.fork(session);
      jobs.push(async () => {
        // Generated just before it is sent: a campaign never holds more than `parallel` sessions in memory.
        const stream = jsonRpcStream(sessionRandom, budget.tapSessionBytes);
        const { chunks, splitCharacters } = randomChunks(sessionRandom, stream.bytes);
        await fuzzTapSession(path.join(root, `tap${session}`), stream, chunks, splitCharacters, totals.tap);
      });
    }
    fs.mkdirSync(path.join(root, 'lsp'), { recursive: true });
    await inParallel(jobs, budget.parallel);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const faces = [totals.cli, totals.lsp, totals.tap];
  const sum = (key: keyof Omit<FaceTotals, 'problems'>) => faces.reduce((total, face) => total + face[key], 0);
  return {
    ...totals,
    all: {
      inputs: sum('inputs'),
      bytes: sum('bytes'),
      faults: sum('faults'),
      crashes: sum('crashes'),
      hangs: sum('hangs'),
      lost: sum('lost'),
      contained: sum('contained'),
      problems: faces.reduce((total, face) => total + face.problems.length, 0),
    },
    seconds: (Date.now() - started) / 1000,
  };
}

/** One line per face and one for the whole campaign. */
export function formatTotals(totals: CampaignTotals): string {
  const line = (name: string, face: Omit<FaceTotals, 'problems'> & { problems: number | string[] }) =>
    `${name.padEnd(5)} inputs ${face.inputs}, bytes ${face.bytes}, faults injected ${face.faults}, ` +
    `contained ${face.contained}, crashes ${face.crashes}, hangs ${face.hangs}, lost ${face.lost}, ` +
    `problems ${Array.isArray(face.problems) ? face.problems.length : face.problems}`;
  return [
    line('check', totals.cli),
    line('lsp', totals.lsp),
    line('tap', totals.tap),
    line('all', totals.all),
    `in ${totals.seconds.toFixed(1)} s`,
  ].join('\n');
}
