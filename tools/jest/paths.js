// Maps the tsconfig.base.json path aliases (@viewas/*) to source files for Jest.
const fs = require('node:fs');
const path = require('node:path');

function pathsToModuleNameMapper(tsconfigPath, root) {
  const { compilerOptions } = JSON.parse(fs.readFileSync(tsconfigPath, 'utf8'));
  const mapper = {};
  for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
    mapper[`^${alias.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}$`] = path.join(root, target);
  }
  return mapper;
}

module.exports = { pathsToModuleNameMapper };
