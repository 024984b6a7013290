// Storybook 10 loads this file with Node's ESM resolver, which needs the extension.
import { createMainConfig } from '../../../.storybook/main.base.ts';

export default createMainConfig(['../src/**/*.stories.@(ts|tsx)']);
