interface CanvasContextLike {
  canvas: { width: number; height: number };
  setDrawingBufferSize(width: number, height: number): void;
}

/**
 * Before each deck.gl draw into MapLibre's context, luma.gl's drawing-buffer size follows MapLibre's canvas.
 * luma.gl otherwise keeps the size its resize observer last saw and writes it back to the shared canvas on its
 * next draw: after a window briefly 1x1 that was 1x1, and MapLibre then kept its canvas at 1x1 (a blank map).
 */
export function followMapCanvas({ device }: { device?: { canvasContext: CanvasContextLike | null } | null }): void {
  const context = device?.canvasContext;
  if (!context) return;
  context.setDrawingBufferSize(context.canvas.width, context.canvas.height);
}
