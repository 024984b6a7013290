// eslint-disable-next-line @nx/enforce-module-boundaries -- workspace tooling config, not a runtime import
import { createMainConfig } from '../../../.storybook/main.base';

export default createMainConfig(['../src/**/*.stories.@(ts|tsx)']);
