import { parse, View } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile, type TopLevelSpec } from 'vega-lite';

/**
 * Draws a Vega-Lite spec as SVG into `element`, in the browser. Expressions run through Vega's interpreter, not
 * compiled to functions: the page's Content-Security-Policy has no 'unsafe-eval' when the server serves it.
 */
export async function drawChart(element: HTMLElement, spec: TopLevelSpec): Promise<() => void> {
  const runtime = parse(compile(spec).spec, undefined, { ast: true });
  const view = new View(runtime, { expr: expressionInterpreter, renderer: 'svg', container: element, hover: true });
  await view.runAsync();
  return () => view.finalize();
}
