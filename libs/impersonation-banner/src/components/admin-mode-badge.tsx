import * as floating from '@floating-ui/react';
import * as React from 'react';
import { css, styled } from 'styled-components';
import { BANNER_DEFAULTS, type BannerTexts } from '../defaults';
import { useAdminModePanel } from '../hooks/use-admin-mode-panel';
import { AdminModePanel } from './admin-mode-panel';
import { focusRing, hiddenInPrint, VisuallyHidden } from '../shared/styles';
import { ThemeFallback } from '../shared/theme-fallback';
import type { ViewMode } from '../types';

export interface AdminModeBadgeProps {
  /** The impersonated user's e-mail address. */
  email: string;
  /** ISO time the impersonation ends; shows "Ends in 42 min" in the panel. */
  expiresAt?: string;
  /** The view's mode: 'Read-only' or 'Full access' in the panel (`texts.modes`); not shown when left out. */
  mode?: ViewMode;
  /** The clock for the countdown (defaults to `Date.now`). */
  now?: () => number;
  /** The return is under way: the panel stays open and its button shows the pending state. */
  pending?: boolean;
  onReturn: () => void;
  /** Open the panel on first render (stories, screenshots). */
  defaultOpen?: boolean;
  /** Other words for the badge and its panel; each one left out keeps its default (`BANNER_DEFAULTS.texts`). */
  texts?: Partial<BannerTexts>;
}

// The dot before the label is a pseudo-element: nothing for screen readers, no element of its own.
const Badge = styled.button(
  ({ theme: t }) => css`
    position: fixed;
    bottom: 16px;
    left: 16px;
    z-index: ${t.zIndices.banner};
    display: inline-flex;
    gap: ${t.space[2]};
    align-items: center;
    padding: ${t.space[2]} ${t.space[4]};
    border: 1px solid ${t.colors.brand200};
    border-radius: ${t.radii.full};
    background: ${t.colors.brand500};
    color: ${t.colors.onBrand500};
    box-shadow: ${t.shadows.md};
    font: ${t.fontWeights.semibold} ${t.fontSizes.sm} / ${t.lineHeights.tight} ${t.fonts.body};
    cursor: pointer;
    &::before {
      content: '';
      width: 8px;
      height: 8px;
      border-radius: 50%;
      background: ${t.colors.brand200};
    }
    ${focusRing(t)}
    ${hiddenInPrint}
  `,
);

/** The 'Admin Mode' badge at the bottom-left and its panel (the view; the flow is `useReturnToAdmin`). */
export function AdminModeBadge({
  email,
  expiresAt,
  mode,
  now,
  pending = false,
  onReturn,
  defaultOpen,
  texts: overrides,
}: AdminModeBadgeProps) {
  const texts = { ...BANNER_DEFAULTS.texts, ...overrides };
  const panel = useAdminModePanel({ defaultOpen, forceOpen: pending });
  const text = `${texts.activeAnnouncement} ${email}.`;
  // Announces the impersonation once the page is interactive: a live region only speaks when its
  // text changes, so it starts empty (also on the server) and is filled after mount.
  const [announcement, setAnnouncement] = React.useState('');
  React.useEffect(() => setAnnouncement(text), [text]);

  return (
    <ThemeFallback>
      <Badge ref={panel.refs.setReference} type="button" data-state={panel.open ? 'open' : 'closed'} {...panel.getReferenceProps()}>
        {texts.badgeLabel}
      </Badge>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {panel.open && (
        <floating.FloatingPortal>
          <floating.FloatingFocusManager context={panel.context} modal={false} initialFocus={-1}>
            <AdminModePanel
              email={email}
              expiresAt={expiresAt}
              mode={mode}
              now={now}
              pending={pending}
              onReturn={onReturn}
              texts={texts}
              panel={panel}
            />
          </floating.FloatingFocusManager>
        </floating.FloatingPortal>
      )}
    </ThemeFallback>
  );
}
