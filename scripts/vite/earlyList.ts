import type { Plugin } from 'vite';
import { EARLY_LIST_SCRIPT } from '../../shared/earlyList.ts';

const AFTER = '</title>';

/**
 * Puts the early list call (shared/earlyList.ts) into index.html's <head> as an inline script, right after the
 * title and before the page's script and style sheet (a script after a style sheet would wait for it): the list
 * request starts as the HTML arrives. The server's CSP allows this exact text by its hash.
 */
export function earlyList(): Plugin {
  return {
    name: 'rvm:early-list',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(AFTER)) throw new Error(`earlyList: index.html has no ${AFTER}`);
        return html.replace(AFTER, `${AFTER}\n    <script>${EARLY_LIST_SCRIPT}</script>`);
      },
    },
  };
}
