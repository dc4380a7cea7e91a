import { RENDERERS, type RendererName } from './stageApi';

/** Any machine count up to this works (the page offers 1k to 1M; the visitor bench's floor asks for none). */
export const MAX_MACHINES = 2_000_000;

export interface StageParams {
  renderer: RendererName;
  n: number;
}

/** `?renderer=` and `?n=` of the stage's address; ours and 1,000 when absent or out of range. */
export function stageParams(search: string): StageParams {
  const query = new URLSearchParams(search);
  const renderer = RENDERERS.find((name) => name === query.get('renderer')) ?? 'ours';
  const n = Number(query.get('n') ?? 1_000);
  return { renderer, n: Number.isInteger(n) && n >= 0 && n <= MAX_MACHINES ? n : 1_000 };
}

export function stageUrl({ renderer, n }: StageParams): string {
  return `stage.html?${new URLSearchParams({ renderer, n: String(n) })}`;
}
