// The one Storybook for designers (`npm run storybook`): every library's stories and docs pages.
// Storybook 10 loads this file with Node's ESM resolver, which needs the extension.
import { createMainConfig } from './main.base.ts';

export default createMainConfig(['./introduction.mdx', '../libs/*/docs/*.mdx', '../libs/*/src/**/*.stories.@(ts|tsx)']);
