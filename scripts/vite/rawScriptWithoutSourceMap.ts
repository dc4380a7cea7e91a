import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** A script imported as text (`?raw`), such as MapLibre's worker that src/map/mapWorkerUrl.ts starts from a string. */
const RAW_SCRIPT = /\.m?js\?raw$/;
/** The comment that ends a built script, naming its source map, and the line break before it. */
const SOURCE_MAP_COMMENT = /\r?\n?\/\/[#@]\s*sourceMappingURL=\S*\s*$/;

/** A script's text without the comment naming its source map. */
export const withoutSourceMapComment = (text: string): string => text.replace(SOURCE_MAP_COMMENT, '\n');

/**
 * Drops the source map comment of a script imported as text: the map is not in the build, and a worker started
 * from the text would have a visitor's developer tools fetch it and show its 404 as an error (issue 51). The rest
 * of the text is the package's own, byte for byte.
 */
export function rawScriptWithoutSourceMap(): Plugin {
  return {
    name: 'rvm:raw-script-without-source-map',
    enforce: 'pre',
    load: {
      // The bundler calls the hook for these ids only, not for each of the page's modules.
      filter: { id: RAW_SCRIPT },
      handler(id) {
        const text = readFileSync(id.slice(0, -'?raw'.length), 'utf8');
        return `export default ${JSON.stringify(withoutSourceMapComment(text))};`;
      },
    },
  };
}
