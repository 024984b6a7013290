import { describeStoreContract } from '../../../testing/store-contract';
import { createMemoryStore } from './memory-store';

describeStoreContract('the in-memory store', async () => {
  const store = createMemoryStore();
  return {
    store,
    throttleKeys: async (keys) => store.inspect().throttleKeys.filter((key) => keys.includes(key)),
    notificationsOf: async (userId) => store.inspect().notifications.filter((notice) => notice.userId === userId),
    close: async () => undefined,
  };
});
