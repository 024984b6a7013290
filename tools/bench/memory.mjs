// What a process's resident memory is made of, from the text of /proc/<pid>/smaps, in kB per kind.

const RESERVATION_BYTES = 1024 ** 3;

/**
 * - `wasm`: WebAssembly memories (PGlite's PostgreSQL heap): V8 reserves several GB around each one
 *   (inaccessible guard pages), so it is the read-write mapping between two such reservations;
 * - `files`: file-backed pages (node's binary, native addons, shared libraries, mapped files);
 * - `anonymous`: everything else private: V8's JavaScript heap, malloc's arenas and brk heap, thread stacks.
 */
export function attributeResidentMemory(smaps) {
  const mappings = [];
  let current;
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      current = { start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], inode: head[4], name: head[5], rssKb: 0 };
      mappings.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKb = Number(rss[1]);
  }
  const isReservation = (mapping) => mapping && mapping.perms === '---p' && mapping.end - mapping.start >= RESERVATION_BYTES;
  const kinds = { wasm: 0, files: 0, anonymous: 0 };
  mappings.forEach((mapping, index) => {
    const before = mappings[index - 1];
    const after = mappings[index + 1];
    const between = isReservation(before) && before.end === mapping.start && isReservation(after) && after.start === mapping.end;
    if (mapping.perms.startsWith('rw') && mapping.inode === '0' && between) kinds.wasm += mapping.rssKb;
    else if (mapping.inode !== '0') kinds.files += mapping.rssKb;
    else kinds.anonymous += mapping.rssKb;
  });
  return kinds;
}

/** One line for a table: what the server's memory held at its highest sample (`memoryAtPeak()`), in MB. */
export function describeMemoryAtPeak({ smaps, heap, residentKb, uptimeS }) {
  const mb = (kb) => Math.round(kb / 1024);
  const heapMb = Math.round(heap.totalPhysical / 1024 ** 2);
  return (
    `at ${mb(residentKb)} MB (${Math.round(uptimeS)} s after start): JS heap ${heapMb} (${Math.round(heap.used / 1024 ** 2)} in use), ` +
    `PGlite WASM ${mb(smaps.wasm)}, other anonymous ${mb(smaps.anonymous) - heapMb}, files ${mb(smaps.files)}`
  );
}
