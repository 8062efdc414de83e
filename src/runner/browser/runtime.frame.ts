/**
 * The script of /api/sandbox/python, /api/sandbox/javascript and /api/sandbox/sql: documents with an opaque
 * origin and their own strict policy (src/domain/security). It starts the runtime's worker from
 * a data: URL (the worker gets a fresh opaque origin and this document's policy), relays run
 * commands from the page and results back through the MessagePort the page handed over, and
 * cuts and batches what the worker sends. Learner code runs only in the workers, never here.
 */
import {
  INPUT_LIMIT_CHARS,
  MESSAGE_LIMIT_CHARS,
  OUTPUT_BATCH_MS,
  OUTPUT_LIMIT_CHARS,
  SANDBOX_CONNECT,
  SANDBOX_HELLO,
  errorMessage,
  type DeliveryCommand,
  type InputAnswer,
  type ProvidedFile,
  type RunCommand,
  type RuntimeMessage,
  type StartCommand,
  type WireOutcome,
  type WorkerInit,
} from './sandbox-messages';

type Runtime = 'python' | 'javascript' | 'sql';

const script = document.currentScript as HTMLScriptElement;
const runtime = script.dataset.runtime as Runtime;
const workerUrl = script.dataset.worker ?? '';
const assetBase = script.dataset.assets ?? '';

let port: MessagePort | null = null;
/** The warm worker (Python, SQL); JavaScript gets a fresh one per run. */
let warm: Worker | null = null;

const send = (message: RuntimeMessage) => port?.postMessage(message);
const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}…` : text);

/**
 * The run in progress: its output is cut at the limit and sent in batches. An interactive run
 * (Python in the build area) may ask for one line at a time: `asking` while its question is open.
 */
let current: { id: number; sent: number; pending: string; timer: ReturnType<typeof setTimeout> | null; interactive: boolean; asking: boolean } | null = null;

function flush() {
  if (!current) return;
  if (current.timer) clearTimeout(current.timer);
  current.timer = null;
  if (current.pending) send({ type: 'output', id: current.id, text: current.pending });
  current.pending = '';
}

function onOutput(id: number, text: string) {
  if (!current || current.id !== id) return;
  const room = OUTPUT_LIMIT_CHARS - current.sent;
  if (room <= 0) return;
  const chunk = text.slice(0, room);
  const first = current.sent === 0;
  current.sent += chunk.length;
  current.pending += chunk;
  if (first) flush();
  else current.timer ??= setTimeout(flush, OUTPUT_BATCH_MS);
}

function sanitize(outcome: WireOutcome): WireOutcome {
  if (outcome.status !== 'ran') return { status: 'unsupported', reason: cut(String(outcome.reason), MESSAGE_LIMIT_CHARS) };
  const error = outcome.error ? { type: String(outcome.error.type), message: cut(String(outcome.error.message), MESSAGE_LIMIT_CHARS), line: outcome.error.line ?? null, file: outcome.error.file ?? null } : null;
  const assertionFailures = outcome.assertionFailures.map(([index, failure]): [number, string | null] => [index, failure === null ? null : cut(String(failure), MESSAGE_LIMIT_CHARS)]);
  return { ...outcome, error, assertionFailures };
}

/** What a worker posts is as untrusted as the learner code inside it: only known shapes pass on. */
function onWorkerMessage(data: unknown, worker: Worker) {
  if (typeof data !== 'object' || data === null) return;
  const message = data as Partial<Record<string, unknown>>;
  if (message.type === 'ready') send({ type: 'ready' });
  else if (message.type === 'failed') send({ type: 'failed', message: cut(String(message.message), MESSAGE_LIMIT_CHARS) });
  else if (message.type === 'output' && typeof message.id === 'number' && typeof message.text === 'string') onOutput(message.id, message.text);
  else if (message.type === 'input-request' && typeof message.id === 'number' && typeof message.prompt === 'string') {
    const run = current;
    if (run?.id !== message.id || !run.interactive || run.asking) return;
    // What the program printed before it asked shows before the question.
    flush();
    run.asking = true;
    send({ type: 'input-request', id: run.id, prompt: cut(message.prompt, MESSAGE_LIMIT_CHARS) });
  }
  else if (message.type === 'result' && typeof message.id === 'number' && current?.id === message.id && typeof message.outcome === 'object' && message.outcome !== null) {
    flush();
    current = null;
    try {
      send({ type: 'result', id: message.id, outcome: sanitize(message.outcome as WireOutcome) });
    } catch {
      // Not cloneable or not the expected shape: the page's time limit reports the run.
    }
    if (worker !== warm) worker.terminate();
  }
}

/**
 * The worker's code: normally handed over by the page, which has an HTTP cache (this opaque-origin
 * frame has none); fetched here only when the page could not.
 */
let workerSource: Promise<string> = Promise.reject(new Error('The runtime was not started.'));
workerSource.catch(() => undefined);

function takeWorkerSource(given: unknown) {
  workerSource =
    typeof given === 'string' && given.length > 0
      ? Promise.resolve(given)
      : fetch(workerUrl).then((response) => {
          if (!response.ok) {
            void response.body?.cancel();
            throw new Error('The runtime could not be loaded. Reload the page to try again.');
          }
          return response.text();
        });
  workerSource.catch(() => undefined);
}

async function startWorker(): Promise<Worker> {
  const source = await workerSource;
  const worker = new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(source)}`, { type: runtime === 'python' ? 'module' : 'classic' });
  worker.onmessage = (event) => onWorkerMessage(event.data, worker);
  worker.onerror = (event) => {
    event.preventDefault();
    const message = cut(event.message || 'The runtime stopped.', MESSAGE_LIMIT_CHARS);
    if (worker === warm && !current) {
      send({ type: 'failed', message });
    } else if (current) {
      flush();
      send({ type: 'result', id: current.id, outcome: { status: 'ran', error: { type: 'Error', message, line: null, file: null }, assertionFailures: [], queryResult: null, pageChecks: [] } });
      current = null;
    }
  };
  return worker;
}

async function start(files: ProvidedFile[]) {
  try {
    if (runtime === 'javascript') {
      await workerSource;
      send({ type: 'ready' });
      return;
    }
    warm = await startWorker();
    const init: WorkerInit = { type: 'init', assetBase, files };
    warm.postMessage(init, files.map((file) => file.bytes));
  } catch (error) {
    send({ type: 'failed', message: cut(errorMessage(error), MESSAGE_LIMIT_CHARS) });
  }
}

let started = false;

function providedFiles(value: unknown): ProvidedFile[] {
  if (!Array.isArray(value)) return [];
  return value.filter((file): file is ProvidedFile => typeof file?.path === 'string' && typeof file.type === 'string' && file.bytes instanceof ArrayBuffer);
}

/**
 * The page's download worker posts the start command on this port (sandbox-messages.ts,
 * DeliveryCommand): one start command is taken from it, nothing else, and the port is closed.
 */
function takeDelivery(delivery: MessagePort) {
  delivery.onmessage = (message: MessageEvent<StartCommand | null>) => {
    if (message.data?.type !== 'start') return;
    delivery.close();
    void onCommand(message.data);
  };
}

/** The page's answer goes to the worker only for the run's open question, as text of at most the limit. */
function onAnswer(answer: Partial<InputAnswer>) {
  if (!current?.asking || current.id !== answer.id || typeof answer.text !== 'string') return;
  current.asking = false;
  warm?.postMessage({ type: 'input', id: current.id, text: answer.text.slice(0, INPUT_LIMIT_CHARS) } satisfies InputAnswer);
}

async function onCommand(command: RunCommand | StartCommand | InputAnswer) {
  if (command?.type === 'input') {
    onAnswer(command);
    return;
  }
  if (command?.type === 'start' && !started) {
    started = true;
    takeWorkerSource(command.workerSource);
    void start(providedFiles(command.files));
    return;
  }
  if (command?.type !== 'run' || typeof command.id !== 'number') return;
  current = { id: command.id, sent: 0, pending: '', timer: null, interactive: runtime === 'python' && command.interactive === true, asking: false };
  const worker = runtime === 'javascript' ? await startWorker() : warm;
  worker?.postMessage(command);
}

window.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
  const [handed] = event.ports;
  if (port || event.source !== window.parent || event.data?.type !== SANDBOX_CONNECT || !handed) return;
  port = handed;
  port.onmessage = (message: MessageEvent<RunCommand | StartCommand | DeliveryCommand | InputAnswer>) => {
    const [delivery] = message.ports;
    if (message.data?.type === 'delivery') {
      // Started already (the page posted the start itself): nothing will come on it.
      if (started) delivery?.close();
      else if (delivery) takeDelivery(delivery);
      return;
    }
    void onCommand(message.data);
  };
});
window.parent.postMessage({ type: SANDBOX_HELLO }, '*');
