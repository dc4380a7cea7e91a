// One page of its own, the API reference at /api/docs, opened without the harness's interception so that any
// request to another origin shows; no map page is loaded.
import { describe, expect, it } from 'vitest';
import { setupBrowserApp } from './fixture';
import { DESKTOP } from '../../testkit/browser/harness';

const app = setupBrowserApp();

describe('the API page at /api/docs', () => {
  it("shows every operation from the server's own files, within the page's CSP, with no request elsewhere", async () => {
    const page = await app.browser.newPage();
    await page.setViewport(DESKTOP);
    const elsewhere: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(app.url('/')).origin) elsewhere.push(request.url());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // Any script or style the CSP refused would be reported here.
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.blockedURI} (${event.violatedDirective})`),
      );
    });
    const answer = await page.goto(app.url('/api/docs'), { waitUntil: 'domcontentloaded' });
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");

    await page.waitForSelector('::-p-text(RVM locator API)', { timeout: 60_000 });
    // Operations by their paths and summaries, grouped under the document's tags.
    await page.waitForSelector('::-p-text(/api/rvm/)');
    await page.waitForSelector('::-p-text(/api/health/ready)');
    await page.waitForSelector('::-p-text(Whether the instance should get traffic)');
    for (const tag of [
      'What the public page reads',
      'Calls that need a session of the right role, or the operator token',
      'For whoever runs the server',
    ]) {
      expect(await page.$(`::-p-text(${tag})`), tag).not.toBeNull();
    }
    // The operator's token can be given, for trying the operator's calls.
    expect(await page.$('::-p-aria([name="Authorize"][role="button"])')).not.toBeNull();
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
