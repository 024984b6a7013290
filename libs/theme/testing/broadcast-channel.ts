import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

/** jsdom has no BroadcastChannel; Node's is the same web API, delivering between instances asynchronously. */
export function installBroadcastChannel(): () => void {
  const global = globalThis as { BroadcastChannel?: unknown };
  const previous = global.BroadcastChannel;
  global.BroadcastChannel = NodeBroadcastChannel;
  return () => {
    global.BroadcastChannel = previous;
  };
}
