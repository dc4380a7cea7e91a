import type { FrameStats } from '../stage/stageApi';

/** 12 ms, 3.4 ms, 1.25 s; a dash where there is no figure. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return '—';
  if (ms === 0) return '0 ms';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString('en');
}

export function formatKB(kb: number): string {
  if (kb === 0) return '0 KB';
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb.toFixed(kb < 10 ? 1 : 0)} KB`;
}

/** "16.7 / 33.4 ms" (p50 / p95). */
export function formatFrames(frames: FrameStats | null): string {
  if (!frames) return '—';
  return `${formatMs(frames.p50).replace(/ (ms|s)$/, '')} / ${formatMs(frames.p95)}`;
}

/** 1k, 10k, 100k, 1M. */
export function shortCount(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);
}

/** A GPU's name for a heading: software WebGL said so, anything else as the browser gave it. */
export function gpuName(renderer: string | undefined | null): string {
  if (!renderer) return 'no WebGL';
  return /swiftshader/i.test(renderer) ? 'SwiftShader (software WebGL)' : renderer;
}
