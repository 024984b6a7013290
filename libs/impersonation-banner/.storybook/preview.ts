// eslint-disable-next-line @nx/enforce-module-boundaries -- workspace tooling config, not a runtime import
export { default } from '../../../.storybook/preview';
