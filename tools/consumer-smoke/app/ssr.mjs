// Server rendering in plain Node (ESM), with the packages as installed from the registry.
// Prints { impersonated, notImpersonated, styles } as JSON for the smoke test to check.
import { ImpersonationBanner } from '@viewas/impersonation-banner';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';

const actions = {
  returnToAdmin: async () => ({ ok: false, error: { code: 'network', message: 'not on the server', status: 0 } }),
  signIn: async () => ({ ok: false, error: 'not on the server' }),
  navigate: () => undefined,
};

const render = (user) => {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(createElement(ImpersonationBanner, { user, ...actions })));
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
};

const impersonated = render({ email: 'jane.doe@example.com', isImpersonated: true });
const notImpersonated = render({ email: 'ada.admin@viewas.dev', isImpersonated: false });
console.log(JSON.stringify({ impersonated: impersonated.html, notImpersonated: notImpersonated.html, styles: impersonated.styles }));
