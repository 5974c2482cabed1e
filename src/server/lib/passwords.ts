import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * argon2id (library defaults) in a small pool of worker threads running at a lower priority. Each hash keeps a
 * core busy for ~25 ms: at most cores − 1 run at once, and the scheduler prefers the event loop over them, so
 * sign-ins under load never slow every other request down.
 */
const POOL_SIZE = Math.max(1, availableParallelism() - 1);
const WORKER_URL = new URL('./password-worker.mjs', import.meta.url);

type Job = { op: 'hash'; password: string } | { op: 'verify'; password: string; passwordHash: string };
interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

const idle: Worker[] = [];
const queue: Pending[] = [];
let size = 0;
let nextId = 0;

function spawnWorker(): Worker {
  const worker = new Worker(WORKER_URL);
  worker.unref();
  size += 1;
  worker.once('exit', () => {
    size -= 1;
  });
  return worker;
}

function run(worker: Worker, pending: Pending) {
  const id = (nextId += 1);
  // A crashed worker fails its job instead of leaving the caller waiting; the pool replaces it on demand.
  const onError = (error: Error) => {
    worker.off('message', onMessage);
    pending.reject(error);
  };
  const onMessage = (message: { id: number; result?: string | boolean; error?: string }) => {
    if (message.id !== id) return;
    worker.off('message', onMessage);
    worker.off('error', onError);
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.result!);
    const next = queue.shift();
    if (next) run(worker, next);
    else idle.push(worker);
  };
  worker.on('message', onMessage);
  worker.once('error', onError);
  worker.postMessage({ id, ...pending.job });
}

function submit(job: Job): Promise<string | boolean> {
  return new Promise((resolve, reject) => {
    const pending = { job, resolve, reject };
    const worker = idle.pop() ?? (size < POOL_SIZE ? spawnWorker() : undefined);
    if (worker) run(worker, pending);
    else queue.push(pending);
  });
}

export async function hashPassword(password: string): Promise<string> {
  return (await submit({ op: 'hash', password })) as string;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await submit({ op: 'verify', password, passwordHash })) === true;
  } catch {
    return false;
  }
}
