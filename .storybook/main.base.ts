import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';

const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The @viewas/* aliases of tsconfig.base.json, so stories import sibling libraries from source. */
function workspaceAliases(): { find: RegExp; replacement: string }[] {
  const { compilerOptions } = JSON.parse(readFileSync(join(workspaceRoot, 'tsconfig.base.json'), 'utf8'));
  return Object.entries(compilerOptions.paths as Record<string, string[]>).map(([alias, [target]]) => ({
    // Exact match, so '@viewas/theme' does not swallow '@viewas/theme/server'.
    find: new RegExp(`^${alias.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    replacement: join(workspaceRoot, target ?? alias),
  }));
}

/** Shared Storybook config (the root one and each library's): telemetry off, strict mode, the a11y and docs addons. */
export function createMainConfig(stories: string[]): StorybookConfig {
  return {
    stories,
    addons: [
      '@storybook/addon-a11y',
      // MDX alone has no tables: the docs pages' tables are GitHub-flavoured Markdown, like the READMEs they show.
      { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    ],
    framework: { name: '@storybook/react-vite', options: { strictMode: true } },
    core: { disableTelemetry: true, disableWhatsNewNotifications: true },
    typescript: { reactDocgen: false },
    async viteFinal(config) {
      const { mergeConfig } = await import('vite');
      return mergeConfig(config, { resolve: { alias: workspaceAliases() } });
    },
  };
}
