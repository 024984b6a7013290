import type { ScriptSettings } from './third-party-scripts';

/** The environment the third-party script rule reads; on the server, so preview and env flags are live. */
export function readScriptSettings(env: NodeJS.ProcessEnv = process.env): ScriptSettings {
  return {
    affiliateScriptUrl: env['NEXT_PUBLIC_AFFILIATE_SCRIPT_URL'],
    analyticsScriptUrl: env['NEXT_PUBLIC_ANALYTICS_SCRIPT_URL'],
    nodeEnv: env['NODE_ENV'],
    appEnv: env['APP_ENV'],
    vercelEnv: env['VERCEL_ENV'],
  };
}
