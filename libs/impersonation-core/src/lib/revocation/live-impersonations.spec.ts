import { createManualClock } from '../clock';
import {
  ACTIVATION_SETTLED_MS,
  createLiveImpersonations,
  LIVE_IMPERSONATIONS_POLL_MS,
  ON_DEMAND_RELOAD_AFTER_MS,
  REVOCATION_WINDOW_MS,
  type LiveImpersonationsSource,
} from './live-impersonations';

const START = Date.parse('2026-11-23T12:00:00.000Z');
const LONG_AGO = new Date(START - 60_000);

function setup(initial: string[] = ['imp-1']) {
  const clock = createManualClock(START);
  let ids = initial;
  let failing: Error | null = null;
  const loadLive = jest.fn<Promise<Iterable<string>>, []>(async () => {
    if (failing) throw failing;
    return [...ids];
  });
  const source: LiveImpersonationsSource = { loadLive };
  const onLoadFailed = jest.fn();
  const view = createLiveImpersonations({ source, clock, onLoadFailed });
  /** Moves the clock and the timers together, letting each reload finish. */
  const elapse = async (ms: number) => {
    clock.advance(ms);
    await jest.advanceTimersByTimeAsync(ms);
  };
  return {
    clock,
    view,
    loadLive,
    onLoadFailed,
    elapse,
    setLive: (next: string[]) => (ids = next),
    failWith: (error: Error | null) => (failing = error),
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('createLiveImpersonations', () => {
  it('knows nothing before its first reload: every impersonated session is unknown (fails closed)', () => {
    const { view } = setup();
    expect(view.status('imp-1', LONG_AGO)).toBe('unknown');
  });

  it('answers live for a running impersonation and ended for one that is not in the list', async () => {
    const { view } = setup(['imp-1']);
    await view.start();
    expect(view.status('imp-1', LONG_AGO)).toBe('live');
    expect(view.status('imp-2', LONG_AGO)).toBe('ended');
    view.stop();
  });

  it(`sees an end at the next reload, ${LIVE_IMPERSONATIONS_POLL_MS} ms later at most, without being told`, async () => {
    const { view, setLive, elapse } = setup(['imp-1']);
    await view.start();
    setLive([]);
    await elapse(LIVE_IMPERSONATIONS_POLL_MS - 1);
    expect(view.status('imp-1', LONG_AGO)).toBe('live');
    await elapse(1);
    expect(view.status('imp-1', LONG_AGO)).toBe('ended');
    view.stop();
  });

  it('sees an end at once when told that something changed', async () => {
    const { view, setLive } = setup(['imp-1']);
    await view.start();
    setLive([]);
    await view.refresh();
    expect(view.status('imp-1', LONG_AGO)).toBe('ended');
    view.stop();
  });

  it('counts an impersonation verified after its list was read as live until a newer list', async () => {
    const { view, clock, elapse } = setup([]);
    await view.start();
    clock.advance(300);
    const justActivated = new Date(clock.now().getTime() - 100);
    expect(view.status('imp-new', justActivated)).toBe('live');
    await elapse(LIVE_IMPERSONATIONS_POLL_MS * 2);
    expect(view.status('imp-new', justActivated)).toBe('ended');
    view.stop();
  });

  describe('runs: what the list itself says, for a question that changes nothing', () => {
    it(`says yes only for an impersonation a list read in the last ${REVOCATION_WINDOW_MS} ms has, or that this server admitted`, async () => {
      const { view, clock, elapse, failWith, loadLive } = setup(['imp-1']);
      expect(view.runs('imp-1')).toBe(false);
      await view.start();
      expect(view.runs('imp-1')).toBe(true);
      view.admit('imp-new');
      expect(view.runs('imp-new')).toBe(true);
      // Missing from the list but verified after it was read: live to a session read, not known to run here.
      clock.advance(300);
      expect(view.status('imp-recent', new Date(clock.now().getTime() - 100))).toBe('live');
      expect(view.runs('imp-recent')).toBe(false);
      expect(view.runs('imp-2')).toBe(false);
      // Never reloads, and knows nothing once the lists are older than the window.
      const reads = loadLive.mock.calls.length;
      view.runs('imp-1');
      expect(loadLive).toHaveBeenCalledTimes(reads);
      failWith(new Error('connection refused'));
      await elapse(REVOCATION_WINDOW_MS);
      expect(view.runs('imp-1')).toBe(false);
      view.stop();
    });

    it('knows only what the lists read on demand said, when it does not poll', async () => {
      const { view, clock, setLive } = setup(['imp-1']);
      expect(await view.check('imp-1', LONG_AGO)).toBe('live');
      expect(view.runs('imp-1')).toBe(true);
      setLive([]);
      expect(view.runs('imp-1')).toBe(true);
      clock.advance(REVOCATION_WINDOW_MS + 1);
      expect(view.runs('imp-1')).toBe(false);
    });
  });

  it(`fails closed once the database could not be read for longer than ${REVOCATION_WINDOW_MS} ms, and recovers when it can`, async () => {
    const { view, elapse, failWith, onLoadFailed } = setup(['imp-1']);
    await view.start();
    const outage = new Error('connection refused');
    failWith(outage);
    await elapse(REVOCATION_WINDOW_MS);
    expect(view.status('imp-1', LONG_AGO)).toBe('live');
    expect(onLoadFailed).toHaveBeenCalledWith(outage);
    await elapse(1);
    expect(view.status('imp-1', LONG_AGO)).toBe('unknown');
    failWith(null);
    await elapse(LIVE_IMPERSONATIONS_POLL_MS);
    expect(view.status('imp-1', LONG_AGO)).toBe('live');
    view.stop();
  });

  it('never runs two reloads at once, and runs one more after a change announced during a reload', async () => {
    const { view, loadLive } = setup(['imp-1']);
    let release: () => void = () => undefined;
    loadLive.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(['imp-1']))));
    const first = view.refresh();
    const second = view.refresh();
    const third = view.refresh();
    expect(loadLive).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([first, second, third]);
    expect(loadLive).toHaveBeenCalledTimes(2);
  });

  describe('changed (a change notification)', () => {
    function notified(revokedHere: string[]) {
      const clock = createManualClock(START);
      const loadLive = jest.fn<Promise<Iterable<string>>, []>(async () => []);
      const view = createLiveImpersonations({ source: { loadLive }, clock, settledHere: (id) => revokedHere.includes(id) });
      return { view, loadLive };
    }

    it('reloads for a notification naming an impersonation this server has not ended, and for one naming none', async () => {
      const { view, loadLive } = notified(['imp-ended-here']);
      view.changed('imp-ended-elsewhere');
      await jest.advanceTimersByTimeAsync(0);
      expect(loadLive).toHaveBeenCalledTimes(1);
      view.changed(undefined);
      await jest.advanceTimersByTimeAsync(0);
      expect(loadLive).toHaveBeenCalledTimes(2);
    });

    it('does not reload for a notification naming an impersonation whose sessions this server refuses already', async () => {
      const { view, loadLive } = notified(['imp-ended-here']);
      view.changed('imp-ended-here');
      await jest.advanceTimersByTimeAsync(0);
      expect(loadLive).not.toHaveBeenCalled();
    });

    it('asks after the current task, so an end revoked right after its commit is known by then', async () => {
      const revokedHere: string[] = [];
      const clock = createManualClock(START);
      const loadLive = jest.fn<Promise<Iterable<string>>, []>(async () => []);
      const view = createLiveImpersonations({ source: { loadLive }, clock, settledHere: (id) => revokedHere.includes(id) });
      view.changed('imp-1');
      revokedHere.push('imp-1');
      await jest.advanceTimersByTimeAsync(0);
      expect(loadLive).not.toHaveBeenCalled();
    });
  });

  it('stops reloading when stopped', async () => {
    const { view, loadLive, elapse } = setup();
    await view.start();
    view.stop();
    await elapse(LIVE_IMPERSONATIONS_POLL_MS * 5);
    expect(loadLive).toHaveBeenCalledTimes(1);
  });

  describe('check', () => {
    it('looks an impersonation verified after the list was read up in a list read now: an end right after a start is seen', async () => {
      const { view, loadLive } = setup([]);
      await view.start();
      const justActivated = new Date(START);
      expect(await view.check('imp-new', justActivated)).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(2);
      view.stop();
    });

    it('counts such an impersonation live when the list read now has it', async () => {
      const { view, setLive } = setup([]);
      await view.start();
      setLive(['imp-new']);
      expect(await view.check('imp-new', new Date(START))).toBe('live');
      view.stop();
    });

    it('answers from the list alone for an impersonation verified before it was read', async () => {
      const { view, loadLive } = setup(['imp-1']);
      await view.start();
      expect(await view.check('imp-1', LONG_AGO)).toBe('live');
      expect(await view.check('imp-2', LONG_AGO)).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(1);
      view.stop();
    });

    it('answers unknown at once while polling with a list older than the window, without waiting on the database', async () => {
      const { view, elapse, failWith, loadLive } = setup(['imp-1']);
      await view.start();
      failWith(new Error('connection refused'));
      await elapse(REVOCATION_WINDOW_MS + 1);
      const calls = loadLive.mock.calls.length;
      expect(await view.check('imp-1', LONG_AGO)).toBe('unknown');
      expect(loadLive).toHaveBeenCalledTimes(calls);
      view.stop();
    });

    it('finds an activation it was not told of when the list was read between the take-over beginning and its commit', async () => {
      // The take-over began at START + 0.9 s (its session's verifiedAt rounds that down to START) and committed
      // 0.3 s later; this server's poll at START + 1.0 s did not see it. Nobody announces an activation.
      const { view, clock, elapse, setLive, loadLive } = setup([]);
      await view.start();
      await elapse(LIVE_IMPERSONATIONS_POLL_MS);
      const verifiedAt = new Date(START);
      setLive(['imp-new']);
      clock.advance(200);
      const loads = loadLive.mock.calls.length;
      expect(await view.check('imp-new', verifiedAt)).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(loads + 1);
      expect(await view.check('imp-new', verifiedAt)).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(loads + 1);
      view.stop();
    });

    it('reads a list once per server for a recent impersonation missing from it, then answers ended from the lists alone', async () => {
      const { view, loadLive, elapse } = setup([]);
      await view.start();
      await elapse(LIVE_IMPERSONATIONS_POLL_MS * 3);
      const verifiedAt = new Date(START);
      const loads = loadLive.mock.calls.length;
      expect(await view.check('imp-ended', verifiedAt)).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(loads + 1);
      await elapse(1);
      expect(await view.check('imp-ended', verifiedAt)).toBe('ended');
      expect(await view.check('imp-ended', verifiedAt)).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(loads + 1);
      view.stop();
    });

    it(`answers ended from the list alone for an impersonation verified ${ACTIVATION_SETTLED_MS} ms or more before it was read`, async () => {
      const { view, loadLive } = setup([]);
      await view.start();
      expect(await view.check('imp-old', new Date(START - ACTIVATION_SETTLED_MS - 1000))).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(1);
      view.stop();
    });

    it('counts an activation this server admitted as live without reading a list, until a list read after it', async () => {
      const { view, loadLive, elapse, setLive } = setup([]);
      await view.start();
      await elapse(1);
      view.admit('imp-new');
      expect(await view.check('imp-new', new Date(START))).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(1);
      // Ended elsewhere before the next list was read: that list decides.
      setLive([]);
      await elapse(LIVE_IMPERSONATIONS_POLL_MS);
      expect(view.status('imp-new', new Date(START))).toBe('live');
      expect(await view.check('imp-new', new Date(START))).toBe('ended');
      view.stop();
    });

    it('keeps an admitted activation live across a list whose read began before it was admitted', async () => {
      const { view, loadLive, clock } = setup([]);
      await view.start();
      let release: (ids: string[]) => void = () => undefined;
      loadLive.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
      const reload = view.refresh();
      clock.advance(5);
      view.admit('imp-new');
      release([]);
      await reload;
      expect(view.status('imp-new', new Date(START))).toBe('live');
      expect(await view.check('imp-new', new Date(START))).toBe('live');
      view.stop();
    });

    it('does not let an admitted activation outlive the revocation window when the lists cannot be read', async () => {
      const { view, elapse, failWith } = setup([]);
      await view.start();
      view.admit('imp-new');
      failWith(new Error('connection refused'));
      await elapse(REVOCATION_WINDOW_MS + 1);
      expect(await view.check('imp-new', new Date(START))).toBe('unknown');
      view.stop();
    });

    it('looks an admitted activation up on demand when it does not poll, like any other', async () => {
      const { view, loadLive, setLive } = setup([]);
      await view.refresh();
      view.admit('imp-new');
      expect(await view.check('imp-new', new Date(START))).toBe('ended');
      setLive(['imp-new']);
      expect(await view.check('imp-other', new Date(START))).toBe('ended');
      expect(await view.check('imp-new', new Date(START))).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(3);
    });

    it('reloads on demand when it does not poll', async () => {
      const { view, loadLive } = setup(['imp-1']);
      expect(await view.check('imp-1', LONG_AGO)).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(1);
    });

    it(`reloads on demand once its list is older than the window less one poll period (${ON_DEMAND_RELOAD_AFTER_MS} ms), so an end is seen within the window, the read included`, async () => {
      const { view, loadLive, setLive, clock } = setup(['imp-1']);
      expect(await view.check('imp-1', LONG_AGO)).toBe('live');
      setLive([]);
      clock.advance(ON_DEMAND_RELOAD_AFTER_MS);
      expect(await view.check('imp-1', LONG_AGO)).toBe('live');
      expect(loadLive).toHaveBeenCalledTimes(1);
      clock.advance(1);
      expect(await view.check('imp-1', LONG_AGO)).toBe('ended');
      expect(loadLive).toHaveBeenCalledTimes(2);
    });
  });
});
