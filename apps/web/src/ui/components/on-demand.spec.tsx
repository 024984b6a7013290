/** @jest-environment jsdom */
import { act, renderHook, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { fakeServices, renderWithApp, TestProviders } from '../../../testing/ui/render';
import { lazyComponent, LOAD_FAILED_NOTICE_MS, OnDemand, useLoadOnDemand } from './on-demand';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class PageBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">The page failed: {String(this.state.error)}</p> : this.props.children;
  }
}

describe('lazyComponent + OnDemand', () => {
  // React reports every error a boundary catches on the console; these tests cause them on purpose.
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('fetches the code only when first rendered, then shows the component with its props', async () => {
    const load = jest.fn(async () => Greeting);
    const LazyGreeting = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();

    renderWithApp(
      <OnDemand onLoadFailed={jest.fn()}>
        <LazyGreeting name="Ada" />
      </OnDemand>,
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing, says the server could not be reached and lets the caller reset when the code cannot be fetched, leaving the page alone', async () => {
    const LazyGreeting = lazyComponent<{ name: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const onLoadFailed = jest.fn();

    const { services } = renderWithApp(
      <PageBoundary>
        <p>The page</p>
        <OnDemand onLoadFailed={onLoadFailed}>
          <LazyGreeting name="Ada" />
        </OnDemand>
      </PageBoundary>,
    );
    await act(async () => undefined);

    expect(onLoadFailed).toHaveBeenCalledTimes(1);
    expect(services.notify).toHaveBeenCalledWith({
      kind: 'error',
      title: 'The server could not be reached. Check your connection and try again.',
      durationMs: LOAD_FAILED_NOTICE_MS,
    });
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('passes any other error on to the boundary above', async () => {
    function Broken(): ReactNode {
      throw new Error('a bug');
    }
    const LazyBroken = lazyComponent(async () => Broken);
    const onLoadFailed = jest.fn();

    const { services } = renderWithApp(
      <PageBoundary>
        <OnDemand onLoadFailed={onLoadFailed}>
          <LazyBroken />
        </OnDemand>
      </PageBoundary>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('The page failed: Error: a bug');
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(services.notify).not.toHaveBeenCalled();
  });

  describe('useLoadOnDemand', () => {
    function setup() {
      const services = fakeServices();
      const { result } = renderHook(() => useLoadOnDemand(), {
        wrapper: ({ children }) => <TestProviders services={services}>{children}</TestProviders>,
      });
      return { loadOnDemand: result.current, services };
    }

    it('gives the loaded module and tells the user nothing', async () => {
      const { loadOnDemand, services } = setup();
      await expect(loadOnDemand(async () => ({ toCsv: 'module' }))).resolves.toEqual({ toCsv: 'module' });
      expect(services.notify).not.toHaveBeenCalled();
    });

    it('gives null and says the server could not be reached when the module cannot be fetched', async () => {
      const { loadOnDemand, services } = setup();
      await expect(loadOnDemand(() => Promise.reject(new TypeError('Failed to fetch')))).resolves.toBeNull();
      expect(services.notify).toHaveBeenCalledWith({
        kind: 'error',
        title: 'The server could not be reached. Check your connection and try again.',
        durationMs: LOAD_FAILED_NOTICE_MS,
      });
    });
  });
});
