import { definePolicy, type Policy, type PolicyOptions, type PolicyRules } from './define-policy';

/**
 * Who may view the app as whom, out of the box. Read as a table:
 *
 * | actor   | may view                         | modes                     | longest view |
 * | ------- | -------------------------------- | ------------------------- | ------------ |
 * | admin   | users and support agents         | read_only (default), full | 60 min       |
 * | support | ordinary users                   | read_only                 | 30 min       |
 * | user    | nobody                           | -                         | -            |
 *
 * For every role, always: never an inactive actor, never themself, never a disabled account; and the
 * deployment's cap (`maxMinutes`) shortens every row.
 */
export const DEFAULT_POLICY_RULES: PolicyRules = {
  admin: { mayView: ['user', 'support'], modes: ['read_only', 'full'], defaultMode: 'read_only', longestViewMinutes: 60 },
  support: { mayView: ['user'], modes: ['read_only'], longestViewMinutes: 30 },
  user: { mayView: [], modes: [], longestViewMinutes: 0 },
};

/** The access policy of the table above (`DEFAULT_POLICY_RULES`), with the deployment's options (its cap). */
export const defaultAccessPolicy = (options: PolicyOptions = {}): Policy => definePolicy(DEFAULT_POLICY_RULES, options);
