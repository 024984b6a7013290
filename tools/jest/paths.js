// Maps the tsconfig.base.json path aliases to source files for Jest: @viewas/* to our sources, and an
// alias to an installed package's declarations (`@auth/core`, see docs/hosts.md) to its JavaScript beside them.
const fs = require('node:fs');
const path = require('node:path');

function pathsToModuleNameMapper(tsconfigPath, root) {
  const { compilerOptions } = JSON.parse(fs.readFileSync(tsconfigPath, 'utf8'));
  const mapper = {};
  for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}$`] = path.join(root, target.replace(/\.d\.ts$/, '.js'));
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
