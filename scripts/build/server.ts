/** `npm run build:server`: the server compiled to plain JavaScript in dist-server/. */
import { buildServer, SERVER_OUT_DIR } from './serverBuild';

const started = performance.now();
await buildServer();
console.log(`server built into ${SERVER_OUT_DIR} in ${Math.round(performance.now() - started)} ms`);
