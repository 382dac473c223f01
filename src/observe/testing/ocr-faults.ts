// For tests: the OCR worker's thread ended as a crash ends it, between reads or in the middle of one.
import { Worker as Thread } from 'node:worker_threads';
import type { OcrEngine } from '../ocr/engine.js';
import type { OcrWorker } from '../ocr/worker.js';

/** The engine's started worker; the engine must have read something already. */
async function workerOf(engine: OcrEngine): Promise<OcrWorker> {
  const starting: unknown = Reflect.get(engine, 'worker');
  if (!(starting instanceof Promise)) throw new Error('the OCR engine has no worker yet: read a screen with it first');
  return (await starting) as OcrWorker;
}

/** The node thread tesseract.js runs the worker in. */
function threadOf(worker: OcrWorker): Thread {
  const thread: unknown = Reflect.get(Reflect.get(worker, 'worker') as object, 'worker');
  if (!(thread instanceof Thread)) throw new Error('the OCR worker runs in no node thread');
  return thread;
}

/** Ends the worker's thread now, between reads. */
export async function killOcrThread(engine: OcrEngine): Promise<void> {
  const thread = threadOf(await workerOf(engine));
  const exited = new Promise((resolve) => thread.once('exit', resolve));
  await thread.terminate();
  await exited;
}

/** Ends the worker's thread as soon as its next tesseract job has started: the read in progress then fails. */
export async function killOcrDuringNextRead(engine: OcrEngine): Promise<void> {
  const worker = await workerOf(engine);
  const thread = threadOf(worker);
  const recognize = worker.recognize.bind(worker);
  worker.recognize = (options) => {
    const reading = recognize(options);
    void thread.terminate();
    return reading;
  };
}
