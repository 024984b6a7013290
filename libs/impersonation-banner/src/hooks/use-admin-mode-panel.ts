// Peers are imported as namespaces: the built entry then names each peer once instead of aliasing every
// import (about 55 B of min+gzip for floating-ui and React); bundlers still drop what is not used.
import * as floating from '@floating-ui/react';
import type { ExtendedRefs, FloatingContext, UseInteractionsReturn } from '@floating-ui/react';
import { POPPER_DEFAULTS } from '@viewas/theme';
import * as React from 'react';
import type { CSSProperties, RefObject } from 'react';

/** The hover delay that keeps a pointer passing over the badge from flashing the panel. */
export const PANEL_OPEN_DELAY_MS = 75;

export interface UseAdminModePanelOptions {
  /** Open on first render (stories, screenshots). */
  defaultOpen?: boolean;
  /** Keeps the panel open regardless of pointer and focus, e.g. while returning to admin. */
  forceOpen?: boolean;
}

export interface AdminModePanelState extends Pick<UseInteractionsReturn, 'getReferenceProps' | 'getFloatingProps'> {
  open: boolean;
  context: FloatingContext;
  refs: ExtendedRefs<Element>;
  floatingStyles: CSSProperties;
  arrowRef: RefObject<SVGSVGElement | null>;
  /** The id of the panel's title, which names the dialog. */
  titleId: string;
}

/**
 * The headless badge + panel: floating-ui positioning and the aria wiring of a non-modal dialog
 * that opens on hover (with a safe path to cross to the panel), focus, and Enter/Space, and
 * closes on Escape and on an outside press.
 */
export function useAdminModePanel({ defaultOpen, forceOpen }: UseAdminModePanelOptions = {}): AdminModePanelState {
  const [isOpen, setIsOpen] = React.useState(!!defaultOpen);
  const open = isOpen || !!forceOpen;
  const arrowRef = React.useRef<SVGSVGElement>(null);
  const titleId = React.useId();

  const position = floating.useFloating<Element>({
    open,
    onOpenChange: setIsOpen,
    placement: 'top-start',
    middleware: [
      floating.offset(POPPER_DEFAULTS.gutter),
      floating.flip(),
      floating.shift({ padding: 8 }),
      floating.arrow({ element: arrowRef, padding: POPPER_DEFAULTS.arrowPadding }),
    ],
    whileElementsMounted: floating.autoUpdate,
  });

  const { context } = position;
  const interactions = floating.useInteractions([
    floating.useHover(context, { handleClose: floating.safePolygon(), delay: { open: PANEL_OPEN_DELAY_MS } }),
    floating.useFocus(context),
    // Keyboard and touch activation only: a mouse has already opened the panel by hovering.
    floating.useClick(context, { ignoreMouse: true, toggle: false }),
    floating.useDismiss(context),
    floating.useRole(context, { role: 'dialog' }),
  ]);

  // useFloating's and useInteractions' results as they are (a few more fields than the state names).
  return { ...position, ...interactions, open, arrowRef, titleId };
}
