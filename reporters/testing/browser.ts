// A real Chromium for the HTML report's tests: Debian's /usr/bin/chromium driven by playwright-core,
// headless, with nothing that phones home. Where Chromium is not installed the tests skip saying so,
// unless MOBILETEST_REQUIRE_CHROMIUM=1 (CI installs it) makes that a failure.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export class ChromiumMissingError extends Error {
  override name = 'ChromiumMissingError';
}

/** Why browser tests cannot run here, or null when Chromium is installed. */
export function chromiumMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  const reason = `${CHROMIUM_PATH} is missing; install Debian's chromium (apt-get install -y chromium) to run the HTML report's browser tests`;
  if (env.MOBILETEST_REQUIRE_CHROMIUM === '1') throw new ChromiumMissingError(`${reason} (MOBILETEST_REQUIRE_CHROMIUM=1 requires it)`);
  return reason;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A page that records every console error, page error and failed request, for a test to say "none". */
export async function watchedPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  // playwright-core waits forever by default: a missing element must fail the test, not hang it.
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
  return { page, problems };
}
