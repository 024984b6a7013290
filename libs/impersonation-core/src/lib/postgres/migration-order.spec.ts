import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../../testing/test-databases';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: { when: number; tag: string }[];
};

describe('the migrations journal', () => {
  it("lists entries in number order with a 'when' that grows with the number (drizzle skips a migration older than the newest applied)", () => {
    const tags = journal.entries.map((entry) => entry.tag);
    expect(tags).toEqual([...tags].sort());
    journal.entries.slice(1).forEach((entry, index) => expect(entry.when).toBeGreaterThan(journal.entries[index]!.when));
  });

  it('has one entry per SQL file, and a file per entry', () => {
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => file.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files);
  });
});
