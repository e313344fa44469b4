/**
 * The product import's worker threads (docs/decisions/056-long-work-off-the-request-path.md).
 *
 * Reading a 15 MB file, working out its dry run and writing 50,000 products take minutes of CPU.
 * On SQLite every query of this process resolves synchronously under its promise, so done here
 * that work would leave no turn of the event loop to the shop's requests: it runs on worker
 * threads instead (`node:worker_threads`), each with its own database connection (a thread loads
 * its own copy of the app's modules, app/models/db/client.server.ts among them). A thread loads the
 * module that started it: this file from its TypeScript source in development and tests (compiled
 * by tsx), the server build (build/server/index.js) in production. It runs tasks
 * (app/server/catalogue/import/import-tasks.server.ts) one at a time and reports their events; a thread
 * left idle for IDLE_MS (10 s) closes its connection and ends, so a shop that is not importing keeps no
 * second copy of the app in memory.
 *
 * The threads' writes reach the page cache as any other connection's do: through the catalogue's
 * change log, which the database's triggers fill (app/models/catalogue/changes/change-log.server.ts).
 */
import fs from "node:fs";
import os from "node:os";
import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { closeDatabase } from "~/models/connection.server";
import { log } from "~/server/log.server";
import { runImportTask, type ImportTask, type TaskEvent } from "./import-tasks.server";

/** `workerData` of an import thread: what tells this module, loaded in a thread, to take tasks. */
const ROLE = "haat-product-import";

/**
 * The most memory a thread's long-lived JavaScript objects may take, in MB, as `npm start` gives
 * the process (`--max-old-space-size=192`): the largest allowed file (15 MB, 50,000 rows) is read
 * and planned within it; beyond it the thread ends with an error (and its task is marked stopped)
 * instead of the process running out of memory.
 */
const THREAD_HEAP_MB = 192;

/** The thread's young generation, in MB: small, as `npm start`'s `--max-semi-space-size=4` keeps the process's. */
const THREAD_YOUNG_MB = 12;

/** How long a thread waits for its next task before it ends, in ms. */
const IDLE_MS = 10_000;

/** What the main thread sends: a task, or "close" to an idle thread. */
type ToThread = { type: "task"; task: ImportTask } | { type: "close" };
/** What a thread sends: one of its task's events, the task's end, or why it failed. */
type FromThread = TaskEvent | { type: "done" } | { type: "failed"; message: string };

/** A started thread, idle (with the timer that ends it) or running a task. */
type Thread = { worker: Worker; idleTimer: NodeJS.Timeout | null };

/** Threads waiting for a task (this process's; a thread runs one task at a time). */
const idle: Thread[] = [];

/**
 * Starts a thread on this module's own file: the TypeScript source through tsx, or the built
 * server. A thread that ends while idle leaves the idle ones.
 */
function startThread(): Thread {
  const options = {
    workerData: { role: ROLE },
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
  };
  const self = import.meta.url;
  // tsx compiles the source in the thread and reads tsconfig.json's `~/` paths (development, tests).
  const load = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(self)}); })`;
  const worker = self.endsWith(".ts")
    ? new Worker(load, { ...options, eval: true })
    : new Worker(new URL(self), options);
  const thread: Thread = { worker, idleTimer: null };
  worker.once("exit", () => {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    if (idle.includes(thread)) idle.splice(idle.indexOf(thread), 1);
  });
  return thread;
}

/** Puts `thread` back among the idle ones: it no longer keeps the process alive, and ends after IDLE_MS. */
function release(thread: Thread): void {
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    if (idle.includes(thread)) idle.splice(idle.indexOf(thread), 1);
    thread.worker.postMessage({ type: "close" } satisfies ToThread);
  }, IDLE_MS);
  thread.idleTimer.unref();
  idle.push(thread);
}

/**
 * Runs `task` on an import thread (an idle one, or a new one), calling `onEvent` with each event
 * it reports.
 *
 * @returns a promise that resolves when the thread has done the task.
 * @throws (rejects with) the task's error, or the thread's (it ran out of memory, or could not start).
 */
export function runInImportThread(task: ImportTask, onEvent: (event: TaskEvent) => void): Promise<void> {
  const thread = idle.pop() ?? startThread();
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.worker.ref();
  return new Promise((resolve, reject) => {
    const { worker } = thread;
    const finish = (error: Error | null) => {
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (error) return reject(error);
      release(thread);
      resolve();
    };
    const onMessage = (message: FromThread) => {
      if (message.type === "done") finish(null);
      else if (message.type === "failed") finish(new Error(message.message));
      else onEvent(message);
    };
    const onError = (error: Error) => {
      void worker.terminate();
      finish(error);
    };
    const onExit = (code: number) => finish(new Error(`The import thread ended with code ${code}`));
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage({ type: "task", task } satisfies ToThread);
  });
}

/**
 * The nice value of an import thread (0 is the default, 19 the lowest priority): when the shop's
 * requests and an import want the same core, the kernel gives it to the requests first. On Linux
 * each thread has its own nice value (setpriority(2) with the thread's id); elsewhere the thread
 * keeps the process's.
 */
const THREAD_NICE = 10;

/** Lowers this thread's CPU priority to THREAD_NICE, where the system allows it (Linux: /proc/thread-self names the thread). */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, THREAD_NICE);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}

/** In an import thread: runs each task it is sent, one at a time, until told to close. */
function serveTasks(port: MessagePort): void {
  lowerThreadPriority();
  const post = (message: FromThread) => port.postMessage(message);
  port.on("message", (message: ToThread) => {
    if (message.type === "close") {
      void closeDatabase()
        .catch(() => undefined)
        .finally(() => port.close());
      return;
    }
    runImportTask(message.task, post).then(
      () => post({ type: "done" }),
      (error: unknown) => {
        log.error({ err: error, task: message.task.kind }, "A product import task failed");
        post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}

if (!isMainThread && parentPort && (workerData as { role?: unknown } | null)?.role === ROLE) serveTasks(parentPort);
