import { act } from '@testing-library/react';
import { axe } from 'jest-axe';

/**
 * Runs axe inside act(): it takes real time, during which floating-ui repositions and toast timers
 * fire, and React must see those updates as part of the test.
 */
export async function axeInAct(element: Element): Promise<Awaited<ReturnType<typeof axe>>> {
  let results: Awaited<ReturnType<typeof axe>> | undefined;
  await act(async () => {
    results = await axe(element);
  });
  if (!results) throw new Error('axe returned no results');
  return results;
}
