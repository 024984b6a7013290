import type { BrowserContext } from '@playwright/test';

declare global {
  interface Window {
    __e2eReportCspViolation?: (violation: string) => Promise<void>;
  }
}

const CSP_CONSOLE_MESSAGE = /content[\s-]security[\s-]policy/i;

/**
 * Collects every Content Security Policy violation in the browser contexts it watches: the
 * `securitypolicyviolation` events of every document (reported to the test through a binding, so
 * none is lost when the page navigates away) and the console messages Chromium prints for them.
 */
export class CspGuard {
  readonly violations: string[] = [];

  /** Hands over the violations seen so far and forgets them (for tests of the guard itself). */
  takeViolations(): string[] {
    return this.violations.splice(0);
  }

  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__e2eReportCspViolation', ({ page }, violation: string) => {
      this.violations.push(`${page.url()}: ${violation}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        void window.__e2eReportCspViolation?.(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    context.on('console', (message) => {
      if (CSP_CONSOLE_MESSAGE.test(message.text()))
        this.violations.push(`${message.page()?.url() ?? 'a worker'}: console: ${message.text()}`);
    });
  }
}
