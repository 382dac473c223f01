// One tesseract.js worker thread that never downloads: the English model comes from the installed
// @tesseract.js-data/eng package and the worker's fetch throws. A read that overruns its deadline
// or a thread that dies ends in OcrEngineError.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import type Tesseract from 'tesseract.js';
import { OCR_PACKAGES, OcrEngineError, OcrUnavailable } from './engine-error.js';

/** How tesseract splits the image: scattered text over a whole screen, one block, or one line. */
export type PageSegmentation = 'SPARSE_TEXT' | 'SINGLE_BLOCK' | 'SINGLE_LINE';

/** tesseract.js and the path of its English data, or OcrUnavailable saying what to install. */
async function loadTesseract(): Promise<{ tesseract: typeof Tesseract; langPath: string; script: string }> {
  const require = createRequire(import.meta.url);
  try {
    const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
    const script = path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src', 'worker-script', 'node', 'index.js');
    const tesseract = ((await import('tesseract.js')) as { default: typeof Tesseract }).default;
    return { tesseract, langPath, script };
  } catch (error) {
    throw new OcrUnavailable(
      `OCR needs ${OCR_PACKAGES.join(' and ')}, which are not installed (${messageOf(error)}): npm install -D ${OCR_PACKAGES.join(' ')} (with pnpm, also allow tesseract.js's install script or add it to onlyBuiltDependencies)`,
    );
  }
}

export interface RecognizeOptions {
  image: Buffer;
  psm: PageSegmentation;
  /** What is being read, for error messages ("the whole screen", "region 2 of 5"). */
  what: string;
}

export interface WorkerOptions {
  /** Longest a read (or the start) may take before the worker is ended. */
  timeoutMs: number;
  /** Pixels per inch tesseract assumes for the images it is given. */
  dpi: number;
}

export class OcrWorker {
  private dead: Error | undefined;
  private onDeath: ((error: Error) => void) | undefined;
  private psm: PageSegmentation | undefined;

  private readonly tesseract: typeof Tesseract;
  private readonly worker: Tesseract.Worker;
  private readonly scratch: string;
  private readonly options: WorkerOptions;

  private constructor(started: { tesseract: typeof Tesseract; worker: Tesseract.Worker; scratch: string; options: WorkerOptions }) {
    this.tesseract = started.tesseract;
    this.worker = started.worker;
    this.scratch = started.scratch;
    this.options = started.options;
    const worker = this.worker;
    // tesseract.js hands its Node thread out as `worker`; its end would otherwise leave a read waiting.
    const thread: unknown = Reflect.get(worker, 'worker');
    if (thread instanceof Thread) {
      thread.once('exit', (code) => this.die(new OcrEngineError(`the OCR worker thread exited (code ${code})`)));
      thread.on('error', (error) => this.die(new OcrEngineError(`the OCR worker thread failed: ${error.message}`)));
    }
  }

  static async start(options: WorkerOptions): Promise<OcrWorker> {
    const { tesseract, langPath, script } = await loadTesseract();
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-ocr-'));
    const workerPath = path.join(scratch, 'offline-worker.cjs');
    let worker: Tesseract.Worker | undefined;
    let starting: Promise<Tesseract.Worker> | undefined;
    try {
      await writeFile(
        workerPath,
        [
          `globalThis.fetch = async (url) => { throw new Error('tesseract.js tried to fetch ' + url + ': the OCR runs offline'); };`,
          `require(${JSON.stringify(script)});`,
        ].join('\n'),
      );
      starting = tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: 'none',
        workerPath,
        // Without a handler tesseract.js rethrows a failed job outside any promise; the job's promise still rejects.
        errorHandler: () => undefined,
      });
      worker = await withDeadline(starting, { ms: options.timeoutMs, what: 'starting the OCR worker' });
      await worker.setParameters({ user_defined_dpi: String(options.dpi) });
      return new OcrWorker({ tesseract, worker, scratch, options });
    } catch (error) {
      // A start that overran its deadline still ends its thread once it comes up.
      if (worker) await worker.terminate().catch(() => undefined);
      else starting?.then((late) => late.terminate()).catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
      if (error instanceof OcrEngineError) throw error;
      throw new OcrEngineError(`the OCR worker did not start: ${messageOf(error)}`);
    }
  }

  get alive(): boolean {
    return !this.dead;
  }

  async recognize({ image, psm, what }: RecognizeOptions): Promise<Tesseract.Page> {
    if (this.dead) throw this.dead;
    const job = async () => {
      if (this.psm !== psm) {
        await this.worker.setParameters({ tessedit_pageseg_mode: this.tesseract.PSM[psm] });
        this.psm = psm;
      }
      return (await this.worker.recognize(image, {}, { text: false, blocks: true })).data;
    };
    const running = job();
    // An abandoned job (deadline, death) may still fail later: that failure is already reported.
    running.catch(() => undefined);
    const death = new Promise<never>((_, reject) => {
      this.onDeath = reject;
    });
    try {
      return await withDeadline(Promise.race([running, death]), { ms: this.options.timeoutMs, what: `reading ${what}` });
    } catch (error) {
      const failure = error instanceof OcrEngineError ? error : new OcrEngineError(`the OCR failed reading ${what}: ${messageOf(error)}`);
      this.die(failure);
      throw failure;
    } finally {
      this.onDeath = undefined;
    }
  }

  /** Ends the thread and removes its scratch folder; safe to call twice. */
  async terminate(): Promise<void> {
    this.dead ??= new OcrEngineError('the OCR worker was closed');
    await this.worker.terminate().catch(() => undefined);
    await rm(this.scratch, { recursive: true, force: true });
  }

  private die(error: Error): void {
    if (!this.dead) this.dead = error;
    this.onDeath?.(error);
  }
}

async function withDeadline<T>(work: Promise<T>, deadline: { ms: number; what: string }): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrEngineError(`${deadline.what} took longer than ${deadline.ms} ms`)), deadline.ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
