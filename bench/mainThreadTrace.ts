import { MARK } from './glCounter';

/** Enough for the main thread's tasks, script entries and the console.timeStamp markers, and little more. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { message?: string } };
}

/** Main-thread time of one step, from a trace of the renderer's main thread. */
export interface MainThreadTime {
  /** Running JavaScript: entries into script (calls, timers, events, microtasks, module evaluation), nested ones once. */
  jsMs: number;
  /** Busy at all: the thread's tasks (script, style, layout, paint, GC outside script). */
  taskMs: number;
  /**
   * JS from the step's start to the end of the task that issued the first draw call after it: the work until
   * the change reached the GPU (the frame's draws included). Null when nothing was drawn.
   */
  jsToDrawMs: number | null;
  /**
   * JS from the step's start to the end of the task in which our page's map drew the step's result (its
   * markers' draw calls issued, MARK.markersDrawn): the change on the GPU, whatever other frames came first.
   * Null on pages that do not mark it, and when the result needed no new frame.
   */
  jsToMarkersMs: number | null;
}

// Entries into V8 (timers, frame callbacks and events call script through FunctionCall); their union is taken, so
// nesting is not counted twice. The wrappers (TimerFire, EventDispatch...) are left out: they hold native work too.
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
]);
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

type Interval = [number, number];

function unionLength(intervals: Interval[], from: number, to: number): number {
  const clipped = intervals.map(([a, b]): Interval => [Math.max(a, from), Math.min(b, to)]).filter(([a, b]) => b > a);
  clipped.sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

const marker = (e: TraceEvent, message: string) => e.name === 'TimeStamp' && e.args?.data?.message === message;

/**
 * The step between the last `startMark` and the `endMark` after it, on the thread that logged them (the page's
 * main thread). Null when the markers are not in the trace.
 */
export function mainThreadTime(
  events: readonly TraceEvent[],
  startMark: string,
  endMark: string = MARK.stepEnd,
): MainThreadTime | null {
  const end = events.findLast((e) => marker(e, endMark));
  const start =
    end && events.findLast((e) => marker(e, startMark) && e.pid === end.pid && e.tid === end.tid && e.ts <= end.ts);
  if (!end || !start) return null;
  const onThread = events.filter(
    (e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const spans = (names: Set<string>) =>
    onThread.filter((e) => names.has(e.name)).map((e): Interval => [e.ts, e.ts + e.dur!]);
  const script = spans(SCRIPT_EVENTS);
  const tasks = spans(TASK_EVENTS);
  const ms = (us: number) => us / 1000;
  // JS from the start to the end of the task that logged the first `mark` after the start (within the step).
  const jsToEndOfTaskWith = (mark: string): number | null => {
    const at = events.find(
      (e) => marker(e, mark) && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts,
    );
    if (!at) return null;
    const task = tasks.filter(([a, b]) => a <= at.ts && at.ts <= b).sort((x, y) => y[1] - x[1])[0];
    const cut = task ? task[1] : at.ts;
    return ms(unionLength(script, start.ts, Math.min(cut, end.ts)));
  };
  return {
    jsMs: ms(unionLength(script, start.ts, end.ts)),
    taskMs: ms(unionLength(tasks, start.ts, end.ts)),
    jsToDrawMs: jsToEndOfTaskWith(MARK.firstDraw),
    jsToMarkersMs: jsToEndOfTaskWith(MARK.markersDrawn),
  };
}
