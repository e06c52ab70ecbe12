/**
 * Main-thread time of a page load in Chromium, the way Lighthouse's simulated Total Blocking Time
 * sees it: the page is loaded and traced from navigation until the network and the main thread
 * are idle; each main-thread task's CPU time (the trace's thread time, which another process
 * using the machine's cores does not lengthen) is multiplied by 4, a mid-range phone's slowdown,
 * and the tasks past 50 ms summed.
 */
import { type Browser, chromium } from "playwright";

export type MainThreadTime = {
  /** Sum over long tasks (> 50 ms, 4× CPU) of their time past 50 ms: Lighthouse's TBT. */
  blockingMs: number;
  /** All script time on the main thread (evaluation, calls, compilation, GC), 4× CPU. */
  scriptingMs: number;
};

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const SCRIPT_EVENTS = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "v8.compile",
  "v8.compileModule",
  "V8.GCCompactor",
  "MinorGC",
  "MajorGC",
  "RunMicrotasks",
  "FireAnimationFrame",
]);

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  ts: number;
  pid: number;
  tid: number;
};

/** Opens Chromium (Debian's by default) for `measureMainThread`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}

/** Loads `url` in a fresh phone-sized page; returns its main-thread time at 4× CPU. */
export async function measureMainThread(browser: Browser, url: string): Promise<MainThreadTime> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline",
    transferMode: "ReportEvents",
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Idle: two quiet seconds after the network settles let hydration and its effects finish.
  await page.waitForTimeout(2000);
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.end");
  await done;
  await context.close();

  const main = mainThreadOf(events);
  const blockingMs = events
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === main.pid && e.tid === main.tid)
    .map(slowed)
    .reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0);
  return { blockingMs, scriptingMs: topLevel(events, main, SCRIPT_EVENTS) };
}

/** The renderer's main thread: the thread named CrRendererMain that ran the most tasks. */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } {
  const named = events.filter(
    (e) =>
      e.name === "thread_name" &&
      (e as unknown as { args: { name: string } }).args.name === "CrRendererMain",
  );
  let best = { pid: 0, tid: 0, count: -1 };
  for (const thread of named) {
    const count = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === "RunTask",
    ).length;
    if (count > best.count) best = { pid: thread.pid, tid: thread.tid, count };
  }
  return best;
}

/** Summed duration of the outermost `names` events on `thread` (nested ones are not counted twice). */
function topLevel(events: TraceEvent[], thread: { pid: number; tid: number }, names: Set<string>) {
  const spans = events
    .filter(
      (e) => e.ph === "X" && e.pid === thread.pid && e.tid === thread.tid && names.has(e.name),
    )
    .map((e) => [e.ts, e.ts + (e.dur ?? 0), slowed(e)] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -1;
  for (const [start, stop, ms] of spans) {
    if (start < end) continue;
    total += ms;
    end = stop;
  }
  return total;
}

/** An event's CPU time on its thread (wall time when the trace has none), slowed 4×, in ms. */
function slowed(event: TraceEvent): number {
  return ((event.tdur ?? event.dur ?? 0) * CPU_SLOWDOWN) / 1000;
}
