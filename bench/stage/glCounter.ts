/** What the stage's WebGL contexts were asked to do since the counter was last reset. */
export interface GlCounts {
  /** Draw calls: drawArrays, drawElements, their instanced and range forms, multi-draw and extension forms. */
  draws: number;
  /** Bytes handed to bufferData/bufferSubData and the tex(Sub)Image and compressed texture calls. */
  uploadBytes: number;
}

export interface GlCounter {
  reset(): void;
  read(): GlCounts;
}

/**
 * Wraps the WebGL prototypes' draw and upload calls, and every extension's draw calls, to count them. Installed
 * before any renderer makes a context. A buffer allocated by size alone uploads nothing and counts 0; an image
 * source counts width × height × 4.
 */
export function installGlCounter(): GlCounter {
  const counts: GlCounts = { draws: 0, uploadBytes: 0 };
  const onDraw = () => {
    counts.draws += 1;
  };
  const imageBytes = (source: Record<string, unknown>): number => {
    const size = (...keys: string[]) =>
      Number(keys.map((k) => source[k]).find((v) => typeof v === 'number' && v > 0) ?? 0);
    return (
      size('displayWidth', 'naturalWidth', 'videoWidth', 'width') *
      size('displayHeight', 'naturalHeight', 'videoHeight', 'height') *
      4
    );
  };
  // The data argument of an upload, then (WebGL2) an element offset and a length in elements.
  const payload = (args: unknown[], from: number): number => {
    for (let i = from; i < args.length; i++) {
      const arg = args[i];
      if (ArrayBuffer.isView(arg)) {
        const per = 'BYTES_PER_ELEMENT' in arg ? Number(arg.BYTES_PER_ELEMENT) : 1;
        const offset = typeof args[i + 1] === 'number' ? Number(args[i + 1]) : 0;
        const length =
          typeof args[i + 2] === 'number' && Number(args[i + 2]) > 0
            ? Number(args[i + 2])
            : arg.byteLength / per - offset;
        return length * per;
      }
      if (arg instanceof ArrayBuffer) return arg.byteLength;
      if (arg !== null && typeof arg === 'object') return imageBytes(arg as Record<string, unknown>);
    }
    return 0;
  };
  const uploads: Record<string, (args: unknown[]) => number> = {
    // bufferData(target, data, usage, srcOffset?, length?): the usage sits between the data and its offset.
    bufferData: (a) => (typeof a[1] === 'number' ? 0 : payload([a[0], a[1], ...a.slice(3)], 1)),
    bufferSubData: (a) => payload(a, 2),
    texImage2D: (a) => payload(a, 3),
    texSubImage2D: (a) => payload(a, 4),
    texImage3D: (a) => payload(a, 3),
    texSubImage3D: (a) => payload(a, 5),
    compressedTexImage2D: (a) => payload(a, 6),
    compressedTexSubImage2D: (a) => payload(a, 6),
    compressedTexImage3D: (a) => payload(a, 7),
    compressedTexSubImage3D: (a) => payload(a, 9),
  };
  const isDraw = (name: string) => /^(draw|multiDraw)[A-Z]/.test(name) && !name.startsWith('drawBuffers');
  const wrap = (proto: Record<string, unknown>, name: string, before: (args: unknown[]) => void) => {
    const original = proto[name];
    if (typeof original !== 'function') return;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      before(args);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  };
  const wrappedExtensions = new WeakSet<object>();
  for (const ctor of [globalThis.WebGLRenderingContext, globalThis.WebGL2RenderingContext]) {
    if (!ctor) continue;
    const proto = ctor.prototype as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (isDraw(name)) wrap(proto, name, onDraw);
      const bytes = uploads[name];
      if (bytes) wrap(proto, name, (args) => void (counts.uploadBytes += bytes(args)));
    }
    const getExtension = proto.getExtension as (this: unknown, name: string) => object | null;
    proto.getExtension = function (this: unknown, name: string) {
      const extension = getExtension.call(this, name);
      const extensionProto = extension && (Object.getPrototypeOf(extension) as Record<string, unknown>);
      if (extensionProto && !wrappedExtensions.has(extensionProto)) {
        wrappedExtensions.add(extensionProto);
        for (const key of Object.getOwnPropertyNames(extensionProto))
          if (isDraw(key)) wrap(extensionProto, key, onDraw);
      }
      return extension;
    };
  }
  return {
    reset() {
      counts.draws = 0;
      counts.uploadBytes = 0;
    },
    read: () => ({ ...counts }),
  };
}
