/**
 * Runs `step` on animation frames, one step at a time: the next runs only once the GPU has carried out
 * the last (a fence), so steps never queue up on the GPU ahead of the page's own frames. `step` returns
 * whether there is more to do.
 */
export class GpuPacedLoop {
  private frame = 0;
  private fence: WebGLSync | null = null;

  constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly step: () => boolean,
  ) {}

  start(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.dropFence();
  }

  private readonly tick = () => {
    this.frame = 0;
    const { gl, fence } = this;
    if (fence && gl.getSyncParameter(fence, gl.SYNC_STATUS) !== gl.SIGNALED) {
      this.start();
      return;
    }
    this.dropFence();
    if (!this.step()) return;
    this.fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
    gl.flush();
    this.start();
  };

  private dropFence(): void {
    if (this.fence) this.gl.deleteSync(this.fence);
    this.fence = null;
  }
}
