// Loaded into the benchmarked server with `node --import` (never by the app): every 250 ms it reads the
// process's resident size, and at each new high it writes what that memory is made of to
// BENCH_MEMORY_FILE (see `attributeResidentMemory` in memory.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { attributeResidentMemory } from './memory.mjs';

const file = process.env.BENCH_MEMORY_FILE;
const INTERVAL_MS = 250;
const PAGE_KB = 4;

if (file) {
  let highest = 0;
  const sample = () => {
    const residentKb = Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * PAGE_KB;
    if (residentKb <= highest) return;
    highest = residentKb;
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]));
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        uptimeS: process.uptime(),
        residentKb,
        smaps: attributeResidentMemory(readFileSync('/proc/self/smaps', 'utf8')),
        heap: {
          totalPhysical: heap.total_physical_size,
          used: heap.used_heap_size,
          external: heap.external_memory,
          malloced: heap.malloced_memory,
          spaces,
        },
        usage: process.memoryUsage(),
      }),
    );
  };
  setInterval(sample, INTERVAL_MS).unref();
}
