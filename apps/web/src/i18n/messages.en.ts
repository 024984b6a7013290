/**
 * Every text the app shows, in English. Components read texts through `useI18n()` (client) or
 * `getMessages(lang)` (server), never from here directly, so adding a locale touches no component.
 * The product's fixed texts (the badge, the notices) live in @viewas/impersonation-banner.
 */
export const en = {
  app: {
    name: 'Viewas',
    tagline: 'View the app as another user, safely, and return in one click.',
    skipToContent: 'Skip to content',
    primaryNavigation: 'Primary',
  },
  nav: {
    home: 'Home',
    access: 'Access history',
    admin: 'User impersonation',
    userMenu: 'Account menu',
    /** Starts with the e-mail the button shows, so a speech-input user can say what they see. */
    userMenuButton: (email: string) => `${email}, account menu`,
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    signOutFailed: 'Signing out failed. Try again.',
  },
  roles: { user: 'User', support: 'Support agent', admin: 'Administrator' },
  colorMode: {
    legend: 'Colour mode',
    description: 'Saved on this device.',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  common: {
    loading: 'Loading…',
    retry: 'Try again',
    loadMore: 'Load more',
    loadingMore: 'Loading more…',
    loadMoreFailed: 'More entries could not be loaded.',
    refresh: 'Refresh',
    refreshing: 'Refreshing…',
    cancel: 'Cancel',
    unknown: 'Unknown',
    none: '—',
    error: {
      network: 'The server could not be reached. Check your connection and try again.',
      unavailable: 'The service is temporarily unavailable. Try again in a moment.',
      unauthenticated: 'Your session has ended. Sign in again to continue.',
      forbidden: 'You are not allowed to do this.',
      generic: 'Something went wrong. Try again.',
    },
  },
  home: {
    title: 'Home',
    greeting: (name: string) => `Signed in as ${name}`,
    accountHeading: 'Your account',
    email: 'E-mail',
    role: 'Role',
    userId: 'User id',
    impersonationHeading: 'You are viewing the app as another user',
    impersonationBody: (target: string, admin: string) =>
      `This is ${target}'s view. You are ${admin}, signed in as an administrator. Use the Admin Mode badge to return to your own account.`,
    impersonationBodyUnknownAdmin: (target: string) =>
      `This is ${target}'s view. Use the Admin Mode badge to return to your own account.`,
    impersonationEndsPrefix: 'This view ends automatically at',
    appearanceHeading: 'Appearance',
    adminHeading: 'Administration',
    adminBody: 'Find a user, view the app as them with a stated reason, and see every impersonation in the ledger.',
    adminLink: 'Open user impersonation',
    accessHeading: 'Who viewed your account',
    accessBody: 'See every time an administrator viewed the app as you, and why.',
    accessLink: 'View access history',
    signOutHeading: 'Session',
    signOutBody: 'Sign out of this browser.',
  },
  admin: {
    title: 'User impersonation',
    description: 'View the app as a user to see exactly what they see. Every start, return and end is recorded in the ledger.',
    search: {
      heading: 'Find a user',
      label: 'Search users',
      placeholder: 'E-mail or name',
      hint: 'Results update as you type.',
      caption: 'Users matching your search',
      results: (count: number, more: boolean) =>
        count === 0 ? 'No users found' : `${count}${more ? '+' : ''} ${count === 1 ? 'user' : 'users'} found`,
      empty: 'No users match this search. Check the spelling or search by e-mail.',
      emptyTitle: 'No users found',
      error: 'Users could not be loaded.',
      columns: { user: 'User', role: 'Role', status: 'Status', action: 'Action' },
      viewAs: 'View as',
      viewAsLabel: (email: string) => `View as ${email}`,
      status: { active: 'Active', disabled: 'Disabled' },
      notImpersonable: {
        self: 'This is you',
        admin: 'Administrators cannot be impersonated',
        disabled: 'Disabled accounts cannot be impersonated',
      },
    },
    reason: {
      title: (email: string) => `View the app as ${email}`,
      description: 'Say why you need to see this account. The reason is recorded in the ledger and shown to the user in their access history.',
      label: 'Reason',
      placeholder: 'e.g. Support ticket #4211: the invoice page shows the wrong total',
      count: (length: number, max: number) => `${length} / ${max}`,
      tooShort: (min: number) => `Enter a reason of at least ${min} characters.`,
      tooLong: (max: number) => `Keep the reason to ${max} characters or fewer.`,
      submit: 'Start viewing',
      starting: 'Starting…',
      signingIn: 'Switching account…',
      startFailed: 'Viewing as this user could not start',
      signInFailed: 'The impersonation was created but the switch to the account failed. Try again.',
    },
    active: {
      heading: 'Active impersonations',
      caption: 'Impersonations in progress, by any administrator',
      empty: 'No one is viewing the app as another user right now.',
      emptyTitle: 'Nothing in progress',
      error: 'Active impersonations could not be loaded.',
      columns: { admin: 'Administrator', target: 'Viewing as', reason: 'Reason', started: 'Started', expires: 'Ends at', action: 'Action' },
      pending: 'Not started yet',
      end: 'End',
      endLabel: (admin: string, target: string) => `End ${admin}'s view as ${target}`,
      confirmTitle: 'End this impersonation?',
      confirmBody: (admin: string, target: string) =>
        `${admin} will stop viewing the app as ${target} within 2 seconds. This is recorded in the ledger.`,
      confirm: 'End impersonation',
      ending: 'Ending…',
      ended: (target: string) => `Ended the view as ${target}`,
      endFailed: 'The impersonation could not be ended.',
    },
    ledger: {
      heading: 'Ledger',
      description: 'Every start, return, end, expiry and refused attempt, newest first.',
      caption: 'Impersonation ledger, newest first',
      filters: 'Filter the ledger',
      adminFilter: 'Administrator e-mail',
      targetFilter: 'User e-mail',
      apply: 'Apply filters',
      clear: 'Clear',
      unknownEmail: (email: string) => `No user has the e-mail ${email}.`,
      filterFailed: 'The filters could not be applied.',
      export: 'Export CSV',
      exportLabel: (count: number) => `Export CSV of the ${count} loaded ${count === 1 ? 'entry' : 'entries'}`,
      fileName: (date: string) => `impersonation-ledger-${date}.csv`,
      empty: 'No ledger entries yet. Starting an impersonation adds one.',
      emptyFiltered: 'No ledger entries match these filters.',
      emptyTitle: 'No entries',
      error: 'The ledger could not be loaded.',
      columns: { at: 'When', event: 'Event', actor: 'Administrator', target: 'User', reason: 'Reason', origin: 'IP address' },
      events: {
        'impersonation.started': 'Started',
        'impersonation.activated': 'Switched in',
        'impersonation.returned': 'Returned',
        'impersonation.ended': 'Ended by an administrator',
        'impersonation.expired': 'Expired',
        'impersonation.denied': 'Refused',
      } as Record<string, string>,
      csvHeaders: ['Time (UTC)', 'Event', 'Administrator', 'User', 'Reason', 'IP address', 'User agent', 'Impersonation id'],
    },
  },
  access: {
    title: 'Access history',
    description: 'Every time an administrator viewed the app as you: who, why, when and for how long.',
    heading: 'Who viewed your account',
    caption: 'Administrators who viewed your account, newest first',
    columns: { admin: 'Administrator', reason: 'Reason', when: 'When', duration: 'How long', ended: 'How it ended' },
    ongoing: 'In progress',
    soFar: (duration: string) => `${duration} so far`,
    endReasons: { returned: 'Returned', ended_by_admin: 'Ended by an administrator', expired: 'Expired' },
    empty: 'No administrator has viewed the app as you.',
    emptyTitle: 'Nothing to show',
    error: 'Your access history could not be loaded.',
  },
  forbidden: {
    title: 'You do not have access to this page',
    body: 'This page is for administrators. If you think you should have access, ask an administrator.',
    impersonating: 'You are viewing the app as another user. Return to your admin account with the Admin Mode badge to open this page.',
    home: 'Go to the home page',
    code: 'Error 403',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Go to the home page',
    code: 'Error 404',
  },
  failure: {
    title: 'This page could not be shown',
    body: 'Something went wrong on our side. Try again, and if it keeps happening, tell an administrator.',
    retry: 'Try again',
  },
  duration: {
    lessThanMinute: 'under 1 min',
    minutes: (minutes: number) => `${minutes} min`,
    hoursMinutes: (hours: number, minutes: number) => (minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`),
  },
};

/** The shape every locale's catalogue must have (texts widened from literals to `string`). */
export type Messages = Widen<typeof en>;

type Widen<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : T extends (...args: infer A) => string
      ? (...args: A) => string
      : { [K in keyof T]: Widen<T[K]> };
