// Validates the OpenAPI document read from standard input against the official OpenAPI schemas
// (@seriousme/openapi-schema-validator, an ES module, hence a separate process under Jest) and prints
// `{ valid, version, errors }` as JSON.
import { Validator } from '@seriousme/openapi-schema-validator';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));
