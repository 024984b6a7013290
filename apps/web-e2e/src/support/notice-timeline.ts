import { expect, test, type BrowserContext, type Page } from '@playwright/test';

/** One notice (toast) as the page showed it; times are epoch milliseconds with sub-millisecond precision. */
export interface NoticeRecord {
  title: string;
  text: string;
  role: string;
  /** It appeared in the DOM, open. */
  shownAt: number;
  /** react-hot-toast dismissed it (`data-state="closed"`): its time is up and the exit fade starts. */
  closedAt: number | null;
  /** The exit fade is over and it left the DOM. */
  removedAt: number | null;
}

const STORAGE_KEY = '__e2eNoticeTimeline';

/**
 * Records when every notice appears, is dismissed and leaves, from inside the page (a
 * MutationObserver, so no polling delay), in sessionStorage so the timeline survives the full page
 * loads of the flows. Install before the first navigation.
 */
export async function recordNotices(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    const now = () => performance.timeOrigin + performance.now();
    let records: NoticeRecord[];
    try {
      records = JSON.parse(sessionStorage.getItem(key) ?? '[]') as NoticeRecord[];
    } catch {
      return; // No storage on this document (about:blank): nothing to record.
    }
    const open = new Map<Element, NoticeRecord>();
    const scan = () => {
      const at = now();
      for (const element of document.querySelectorAll('[role="status"][data-state], [role="alert"][data-state]')) {
        let record = open.get(element);
        if (!record) {
          record = {
            title: element.querySelector('p')?.textContent ?? '',
            text: element.textContent ?? '',
            role: element.getAttribute('role') ?? '',
            shownAt: at,
            closedAt: null,
            removedAt: null,
          };
          open.set(element, record);
          records.push(record);
        }
        if (element.getAttribute('data-state') === 'closed' && record.closedAt === null) record.closedAt = at;
      }
      for (const [element, record] of open) {
        if (element.isConnected) continue;
        record.removedAt = at;
        open.delete(element);
      }
      sessionStorage.setItem(key, JSON.stringify(records));
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  }, STORAGE_KEY);
}

/** The notices recorded so far in this tab, oldest first. */
export async function readNotices(page: Page): Promise<NoticeRecord[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as NoticeRecord[], STORAGE_KEY);
}

/** Waits until the notice titled `title` has appeared (or, with `until: 'closed'`, has been dismissed) and returns its record. */
export async function waitForNotice(
  page: Page,
  title: string,
  { until = 'shown', timeout = 15_000 }: { until?: 'shown' | 'closed'; timeout?: number } = {},
): Promise<NoticeRecord> {
  let found: NoticeRecord | undefined;
  await expect
    .poll(
      async () => {
        found = (await readNotices(page)).find((record) => record.title === title);
        return until === 'shown' ? found !== undefined : found?.closedAt != null;
      },
      { message: `the notice '${title}' to be ${until}`, timeout },
    )
    .toBe(true);
  return found as NoticeRecord;
}

export const waitForNoticeClosed = (page: Page, title: string) => waitForNotice(page, title, { until: 'closed' });

/**
 * How far a measured duration may stray: the observer sees the toast one render after it was
 * created and react-hot-toast's timer fires on a busy two-core machine. The 1 s exit fade is not
 * counted: a notice's time is up when it is dismissed.
 */
export const DURATION_TOLERANCE_MS = 400;

export function expectShownFor(record: NoticeRecord, durationMs: number): void {
  expect(record.closedAt, `'${record.title}' was dismissed`).not.toBeNull();
  const shownFor = (record.closedAt as number) - record.shownAt;
  const gone = record.removedAt === null ? '' : `, gone after ${Math.round(record.removedAt - record.shownAt)} ms`;
  // Kept in the report, so the measured times can be read without rerunning.
  test.info().annotations.push({
    type: 'notice duration',
    description: `'${record.title}': dismissed after ${Math.round(shownFor)} ms (spec ${durationMs} ms)${gone}`,
  });
  expect(shownFor, `'${record.title}' was shown for ${Math.round(shownFor)} ms`).toBeGreaterThanOrEqual(durationMs - DURATION_TOLERANCE_MS);
  expect(shownFor, `'${record.title}' was shown for ${Math.round(shownFor)} ms`).toBeLessThanOrEqual(durationMs + DURATION_TOLERANCE_MS);
}
