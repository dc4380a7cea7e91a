// The product build with a mark of its own, for the offline tests' "next deployment": the page's
// <meta name="rvm-test-build"> names the build, and a statement added to each of the page's own modules gives
// every chunk with page code a new hash, so that a page mixing two builds' files shows it. `vite build --config tests/browser/markedBuild.config.ts`
// with RVM_TEST_BUILD_MARK and RVM_TEST_BUILD_OUT set.
import { defineConfig, mergeConfig } from 'vite';
import productConfig from '../../vite.config';

const mark = process.env.RVM_TEST_BUILD_MARK ?? 'marked';

export default mergeConfig(
  productConfig,
  defineConfig({
    plugins: [
      {
        name: 'rvm-test-build-mark',
        enforce: 'post',
        transform: (code: string, id: string) =>
          id.includes('/src/') && /\.tsx?$/.test(id)
            ? `${code}\nglobalThis.__rvmTestBuild = ${JSON.stringify(mark)};\n`
            : null,
        transformIndexHtml: (html: string) =>
          html.replace('</head>', `  <meta name="rvm-test-build" content="${mark}" />\n  </head>`),
      },
    ],
    build: {
      outDir: process.env.RVM_TEST_BUILD_OUT,
      emptyOutDir: true,
      sourcemap: false,
      // The sizes' report gzips every chunk again: time the test waits for, and nothing reads it.
      reportCompressedSize: false,
    },
  }),
);
