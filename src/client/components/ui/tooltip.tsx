import { Tooltip as TooltipPrimitive } from "radix-ui";
import { createContext, useContext, type ComponentProps } from "react";
import { cn } from "./cn";

/** The spec's tooltip timing: open after 700 ms; moving between triggers within 300 ms skips it. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const InsideProvider = createContext(false);

/**
 * Shares the open/skip delays across a group of tooltips (wrap a page or a toolbar in it).
 * Not mounted at the app root on purpose: Radix Tooltip brings Floating UI (~20 KB gzipped) and a
 * root-level import would put it on the landing page, which has no tooltips
 * (docs/decisions/0022-prerender-and-code-splitting.md).
 */
export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <InsideProvider.Provider value={true}>
      <TooltipPrimitive.Provider
        delayDuration={TOOLTIP_DELAY_MS}
        skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
        {...props}
      />
    </InsideProvider.Provider>
  );
}

/** A tooltip; works on its own (with the spec's delays) or inside a shared TooltipProvider. */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const grouped = useContext(InsideProvider);
  const root = <TooltipPrimitive.Root {...props} />;
  return grouped ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-raised",
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
