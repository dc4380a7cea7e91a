import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Puts `<link rel="modulepreload">` tags in the built index.html for the lazily imported chunk of `source`
 * and each chunk it imports, and a preload for its style sheet, so the browser fetches them from the first
 * moment alongside the page's own script instead of once that script has run. The dynamic import then
 * finds them loaded (or loading): Vite's preload helper skips a file already linked. At low priority: on a slow
 * link the page's own script and the list call, which the list needs, go first.
 *
 * `alsoImported` names modules that chunk always imports dynamically (a library's own lazy import): their chunks
 * are preloaded too, so that their round trip is not in the way of the map's first frame. The build fails if one
 * is no longer a chunk of its own.
 */
export function preloadChunk(source: string, alsoImported: string[] = []): Plugin {
  let base = '/';
  return {
    name: 'rvm:preload-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const root = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(source));
        if (!root) throw new Error(`preloadChunk: no lazily imported chunk for ${source}`);
        const scripts = new Set<string>();
        const visit = (fileName: string): void => {
          if (scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const imported of bundle[fileName]?.type === 'chunk' ? bundle[fileName].imports : []) visit(imported);
        };
        visit(root.fileName);
        for (const module of alsoImported) {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadChunk: no lazily imported chunk for ${module}`);
          visit(chunk.fileName);
        }
        const linked = (file: string) => html.includes(`"${base}${file}"`);
        const tags: HtmlTagDescriptor[] = [...scripts]
          .filter((file) => !linked(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: base + file },
            injectTo: 'head',
          }));
        for (const css of root.viteMetadata?.importedCss ?? []) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, fetchpriority: 'low', href: base + css },
            injectTo: 'head',
          });
        }
        return tags;
      },
    },
  };
}
