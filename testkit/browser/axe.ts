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

/** The serious and critical WCAG 2 AA findings on the document as it is now. */
export async function seriousFindings(where: Page | Frame, state: string): Promise<AxeFinding[]> {
  if (!(await where.evaluate(() => 'axe' in window))) await where.evaluate(AXE_SOURCE);
  const violations = await where.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, WCAG_2_AA);
  return violations
    .filter((v) => BLOCKING_IMPACTS.includes(v.impact))
    .flatMap((v) => v.nodes.map((n) => ({ state, rule: v.rule, impact: v.impact, ...n })));
}
