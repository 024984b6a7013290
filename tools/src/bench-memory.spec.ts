import { execFileSync } from 'node:child_process';
import path from 'node:path';

const MEMORY_MODULE = path.join(__dirname, '..', 'bench', 'memory.mjs');

/** Runs `body` in a fresh node process with `attributeResidentMemory` imported; returns what it prints as JSON. */
function inNode(body: string): Record<string, number> {
  const script = `import { readFileSync } from 'node:fs';
import { attributeResidentMemory } from ${JSON.stringify(MEMORY_MODULE)};
${body}`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('bench memory attribution (tools/bench/memory.mjs)', () => {
  it('counts the touched pages of a WebAssembly memory as wasm, and a large ArrayBuffer as anonymous', () => {
    const kinds = inNode(`
const wasm = new WebAssembly.Memory({ initial: 1024, maximum: 32768 }); // 64 MiB
new Uint8Array(wasm.buffer).fill(1, 0, 48 * 1024 * 1024);
const plain = new Uint8Array(40 * 1024 * 1024).fill(1);
console.log(JSON.stringify(attributeResidentMemory(readFileSync('/proc/self/smaps', 'utf8'))));
globalThis.keep = [wasm, plain];`);
    expect(kinds['wasm']).toBeGreaterThanOrEqual(48 * 1024);
    expect(kinds['wasm']).toBeLessThan(64 * 1024 + 1024);
    expect(kinds['anonymous']).toBeGreaterThanOrEqual(40 * 1024);
    expect(kinds['files']).toBeGreaterThan(0);
  });

  it('counts nothing as wasm in a process without a WebAssembly memory', () => {
    const kinds = inNode(`console.log(JSON.stringify(attributeResidentMemory(readFileSync('/proc/self/smaps', 'utf8'))));`);
    expect(kinds['wasm']).toBe(0);
  });
});
