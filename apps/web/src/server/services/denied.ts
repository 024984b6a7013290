import type { Denial } from './ledger';

/** Thrown inside a unit of work to abandon it (rolling back its transaction) and record the denial. */
export class Denied extends Error {
  override readonly name = 'Denied';
  constructor(readonly denial: Denial) {
    super(`${denial.attempt} denied: ${denial.why}`);
  }
}
