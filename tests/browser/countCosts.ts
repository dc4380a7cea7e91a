// Setup file of the browser project: each page load and server start is counted against its test file.
import { listenToCosts } from '../../testkit/browser/harness';
import { countCost } from '../support/costCounter';

listenToCosts(countCost);
