// Imported first by server.mjs: React and Next.js choose their production builds when they are
// loaded, and the app's configuration reads NODE_ENV, so it is set before anything else runs.
process.env.NODE_ENV = 'production';
