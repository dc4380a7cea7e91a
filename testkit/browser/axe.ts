// axe-core, the accessibility engine, run inside a page or frame against WCAG 2 A and AA.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Axe from 'axe-core';
import type { Frame, Page } from 'puppeteer-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_2_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = ['serious', 'critical'];

/** One rule broken on one element, in one state of the page. */
export interface AxeFinding {
  state: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** How long the page's finite animations and transitions are waited for before a check, at most. */
const SETTLE_LIMIT_MS = 3_000;

/**
 * The serious and critical WCAG 2 AA findings on the document once its finite animations and transitions have
 * ended (a dialog fading in has, for a moment, colours that a person never reads); a spinner's endless one is not
 * waited for.
 */
export async function seriousFindings(where: Page | Frame, state: string): Promise<AxeFinding[]> {
  if (!(await where.evaluate(() => 'axe' in window))) await where.evaluate(AXE_SOURCE);
  const violations = await where.evaluate(
    async (tags, limitMs) => {
      const deadline = performance.now() + limitMs;
      // Two frames first: a transition set up for the next frame has started (a Mantine modal is in the page, still
      // transparent, a frame before it fades in). A tab in the background draws none: 100 ms then. On a busy machine
      // two frames take longer than 100 ms, so the time counts only for a hidden tab, or as the limit.
      await new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, document.visibilityState === 'hidden' ? 100 : limitMs);
      });
      for (;;) {
        const moving = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        const left = deadline - performance.now();
        if (moving.length === 0 || left <= 0) break;
        await Promise.race([
          Promise.all(moving.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, left)),
        ]);
      }
      const { axe } = window as unknown as { axe: typeof Axe };
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      }));
    },
    WCAG_2_AA,
    SETTLE_LIMIT_MS,
  );
  return violations
    .filter((v) => BLOCKING_IMPACTS.includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => ({ state, rule: v.rule, impact: v.impact, ...n })));
}
