import type { BrowserInfo } from '../record/record';

/** The WebGL renderer as the browser reports it: unmasked where WEBGL_debug_renderer_info is given. */
export function gpuInfo(): BrowserInfo['gpu'] {
  const gl =
    document.createElement('canvas').getContext('webgl2') ?? document.createElement('canvas').getContext('webgl');
  if (!gl) return null;
  try {
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    return {
      vendor: String(gl.getParameter(debug ? debug.UNMASKED_VENDOR_WEBGL : gl.VENDOR)),
      renderer: String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    };
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/** This browser and device, with the stage's size and whether its JS could be sampled. */
export function browserInfo(
  gpu: BrowserInfo['gpu'],
  stage: HTMLElement | null,
  jsSamplingMs: number | null,
): BrowserInfo {
  return {
    userAgent: navigator.userAgent,
    gpu,
    cores: navigator.hardwareConcurrency || null,
    devicePixelRatio: window.devicePixelRatio,
    stage: { width: stage?.clientWidth ?? 0, height: stage?.clientHeight ?? 0 },
    jsSamplingMs,
  };
}
