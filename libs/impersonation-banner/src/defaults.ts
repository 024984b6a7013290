// The banner's words, routes and timings. The defaults are the product's own (the app's specification
// fixes each one); a host that needs other words, routes or timings passes overrides as props.

/** Every text the badge, its panel and the return flow show or announce. */
export interface BannerTexts {
  badgeLabel: string;
  panelTitle: string;
  viewingAsLabel: string;
  returnButtonLabel: string;
  returningTitle: string;
  welcomeBackTitle: string;
  welcomeBackDescription: string;
  errorTitle: string;
  errorDescription: string;
  /** The internal failure text: passed to `onError` for logging, never shown in place of the notice. */
  failureMessage: string;
  /** Screen readers hear it followed by the e-mail address and a full stop. */
  activeAnnouncement: string;
  pendingAnnouncement: string;
  endsInLessThanAMinute: string;
  ended: string;
  /** The countdown for whole minutes left. */
  endsInMinutes: (minutes: number) => string;
  /**
   * What the panel calls each mode of a view, keyed by the mode: `read_only` ('Read-only') and `full`
   * ('Full access'). The host passes them with its other words (defaults would cost every host bytes).
   */
  read_only?: string;
  full?: string;
}

/** Where the browser goes after the return. */
export interface BannerRoutes {
  /** After a successful return (a client-side navigation, so the welcome notice stays). */
  adminPage: string;
  /** After a failed return, once the error notice has been read. */
  signOut: string;
}

/** How long each notice shows; the flow waits for the first before signing in and for the last before signing out. */
export interface BannerDurations {
  returningNoticeMs: number;
  welcomeBackNoticeMs: number;
  errorNoticeMs: number;
}

export interface BannerSettings {
  texts: BannerTexts;
  routes: BannerRoutes;
  durations: BannerDurations;
}

/** What a host may pass: any subset of the settings; the rest keep their defaults. */
export interface BannerOptions {
  texts?: Partial<BannerTexts>;
  routes?: Partial<BannerRoutes>;
  durations?: Partial<BannerDurations>;
}

export const BANNER_DEFAULTS: Readonly<BannerSettings> = {
  texts: {
    badgeLabel: 'Admin Mode',
    panelTitle: 'IMPERSONATION ACTIVE',
    viewingAsLabel: 'Currently viewing as:',
    returnButtonLabel: 'Return to Admin',
    returningTitle: 'Returning to Admin Account',
    welcomeBackTitle: 'Welcome Back!',
    welcomeBackDescription: 'You are now back in your admin account',
    errorTitle: 'Error',
    errorDescription: 'Failed to return to admin account. Please sign in manually.',
    failureMessage: 'Failed to return to admin account',
    activeAnnouncement: 'Impersonation active. Viewing the app as',
    pendingAnnouncement: 'Returning to your admin account…',
    endsInLessThanAMinute: 'Ends in less than 1 min',
    ended: 'Ended',
    endsInMinutes: (minutes) => `Ends in ${minutes} min`,
  },
  routes: { adminPage: '/223/user-impersonation', signOut: '/api/auth/signout' },
  durations: { returningNoticeMs: 2000, welcomeBackNoticeMs: 3000, errorNoticeMs: 5000 },
};

/** The defaults with a host's overrides on top. */
export function resolveBannerSettings({ texts, routes, durations }: BannerOptions = {}): BannerSettings {
  return {
    texts: { ...BANNER_DEFAULTS.texts, ...texts },
    routes: { ...BANNER_DEFAULTS.routes, ...routes },
    durations: { ...BANNER_DEFAULTS.durations, ...durations },
  };
}
