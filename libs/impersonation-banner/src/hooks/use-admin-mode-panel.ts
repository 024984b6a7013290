import {
  arrow,
  autoUpdate,
  flip,
  offset,
  safePolygon,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  type ExtendedRefs,
  type FloatingContext,
  type UseInteractionsReturn,
} from '@floating-ui/react';
import { POPPER_DEFAULTS } from '@viewas/theme';
import { useId, useRef, useState, type CSSProperties, type RefObject } from 'react';

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
export function useAdminModePanel({ defaultOpen = false, forceOpen = false }: UseAdminModePanelOptions = {}): AdminModePanelState {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const open = isOpen || forceOpen;
  const arrowRef = useRef<SVGSVGElement>(null);
  const titleId = useId();

  const { refs, floatingStyles, context } = useFloating<Element>({
    open,
    onOpenChange: setIsOpen,
    placement: 'top-start',
    middleware: [
      offset(POPPER_DEFAULTS.gutter),
      flip(),
      shift({ padding: 8 }),
      arrow({ element: arrowRef, padding: POPPER_DEFAULTS.arrowPadding }),
    ],
    whileElementsMounted: autoUpdate,
  });

  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { handleClose: safePolygon(), delay: { open: PANEL_OPEN_DELAY_MS } }),
    useFocus(context),
    // Keyboard and touch activation only: a mouse has already opened the panel by hovering.
    useClick(context, { ignoreMouse: true, toggle: false }),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);

  return { open, context, refs, floatingStyles, arrowRef, titleId, getReferenceProps, getFloatingProps };
}
