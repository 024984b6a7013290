import { createMainConfig } from '../../../.storybook/main.base';

export default createMainConfig(['../src/**/*.stories.@(ts|tsx)']);
