// Storybook 10 loads this file with Node's ESM resolver, which needs the extension.
// eslint-disable-next-line @nx/enforce-module-boundaries -- workspace tooling config, not a runtime import
import { createMainConfig } from '../../../.storybook/main.base.ts';

export default createMainConfig(['../src/**/*.stories.@(ts|tsx)']);
