/** What a WebGL call was for, as the start-up waterfall groups them. */
export const GL_KINDS = ['context', 'setup', 'shader', 'upload', 'draw', 'sync', 'other'] as const;
export type GlKind = (typeof GL_KINDS)[number];

/**
 * One WebGL call (or `getContext`) as recorded in the page: which context, what kind, its name, when it started
 * and how long it held the main thread (ms, `performance.now()`), and for the kinds worth attributing the call's
 * JS stack (`url:line:column` frames, innermost first), to tell MapLibre's calls from luma.gl's on one context.
 */
export interface GlCall {
  context: number;
  kind: GlKind;
  name: string;
  startMs: number;
  ms: number;
  /** Index into the record's `stacks`. */
  stack?: number;
}

/** A context as the page made it: the canvas' class and id, for naming it in the report. */
export interface GlContextInfo {
  index: number;
  canvas: string;
}

/** What the page recorded: the calls, each distinct stack once, the contexts, the calls not kept. */
export interface GlRecord {
  calls: GlCall[];
  stacks: string[][];
  contexts: GlContextInfo[];
  dropped: number;
}

declare global {
  interface Window {
    __glCalls?: GlRecord;
  }
}

/**
 * Runs in the page before any of its scripts (as a string: see `startupTrace.ts`): wraps `getContext` and every
 * method of the WebGL prototypes to time them. Everything it needs is inside the function. A stack is kept for
 * the calls that make a context, compile or link, upload, draw or wait (the rest are counted by context alone), with
 * the wrappers' own frames left out. At most MAX_CALLS calls are kept; `dropped` counts the rest.
 */
export function recordGlCalls(): void {
  const MAX_CALLS = 200_000;
  const STACK_DEPTH = 12;
  const record: GlRecord = { calls: [], stacks: [], contexts: [], dropped: 0 };
  const stackIds = new Map<string, number>();
  window.__glCalls = record;
  const contextIndex = new WeakMap<object, number>();
  const canvases: (HTMLCanvasElement | OffscreenCanvas)[] = [];
  const kindOf = (name: string): GlKind => {
    if (/^(draw|multiDraw)[A-Z]/.test(name) && name !== 'drawBuffers') return 'draw';
    if (name === 'clear') return 'draw';
    if (/^(compileShader|linkProgram|shaderSource|createShader|createProgram|attachShader|validateProgram)$/.test(name))
      return 'shader';
    if (/^(getProgramParameter|getShaderParameter|getProgramInfoLog|getShaderInfoLog)$/.test(name)) return 'shader';
    if (
      /^(getActive|getUniform|getAttribLocation|getFragDataLocation|bindAttribLocation|uniformBlockBinding)/.test(name)
    )
      return 'shader';
    if (/^(bufferData|bufferSubData|tex(Sub)?Image[23]D|texStorage[23]D|generateMipmap|compressedTex)/.test(name))
      return 'upload';
    if (/^(fenceSync|clientWaitSync|getSyncParameter|finish|flush|readPixels)$/.test(name)) return 'sync';
    if (/^(getExtension|getSupportedExtensions|getParameter|getContextAttributes|getShaderPrecisionFormat)$/.test(name))
      return 'setup';
    return 'other';
  };
  const stackOf = (): number => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = STACK_DEPTH;
    const text = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    let id = stackIds.get(text);
    if (id === undefined) {
      const frames = text
        .split('\n')
        .slice(1)
        .map((line) => /\(?((?:https?|blob):[^\s()]+):(\d+):(\d+)\)?\s*$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => `${m[1]}:${m[2]}:${m[3]}`);
      id = record.stacks.push(frames) - 1;
      stackIds.set(text, id);
    }
    return id;
  };
  const push = (call: GlCall) => {
    if (record.calls.length < MAX_CALLS) record.calls.push(call);
    else record.dropped += 1;
  };
  const names = () =>
    canvases.map((canvas, index) => ({
      index,
      canvas: 'className' in canvas ? `${canvas.tagName.toLowerCase()}#${canvas.id}.${canvas.className}` : 'offscreen',
    }));
  Object.defineProperty(record, 'contexts', { get: names, enumerable: true });

  for (const Canvas of [globalThis.HTMLCanvasElement, globalThis.OffscreenCanvas]) {
    if (!Canvas) continue;
    const proto = Canvas.prototype as unknown as { getContext: (...args: unknown[]) => unknown };
    const getContext = proto.getContext;
    proto.getContext = function (this: HTMLCanvasElement | OffscreenCanvas, ...args: unknown[]) {
      const isGl = typeof args[0] === 'string' && /webgl/.test(args[0]);
      const stack = isGl ? stackOf() : undefined;
      const startMs = performance.now();
      const context = getContext.apply(this, args);
      const ms = performance.now() - startMs;
      if (isGl && context && typeof context === 'object') {
        let index = contextIndex.get(context);
        if (index === undefined) {
          index = canvases.push(this) - 1;
          contextIndex.set(context, index);
        }
        push({ context: index, kind: 'context', name: `getContext(${String(args[0])})`, startMs, ms, stack });
      }
      return context;
    };
  }
  for (const Context of [globalThis.WebGLRenderingContext, globalThis.WebGL2RenderingContext]) {
    if (!Context) continue;
    const proto = Context.prototype as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      const original = descriptor?.value as ((...args: unknown[]) => unknown) | undefined;
      if (typeof original !== 'function' || name === 'constructor') continue;
      const kind = kindOf(name);
      const keepStack = kind !== 'other' && kind !== 'setup';
      proto[name] = function (this: object, ...args: unknown[]) {
        const stack = keepStack ? stackOf() : undefined;
        const startMs = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          const ms = performance.now() - startMs;
          push({ context: contextIndex.get(this) ?? -1, kind, name, startMs, ms, stack });
        }
      };
    }
  }
}
