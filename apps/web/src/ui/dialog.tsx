import {
  cloneElement,
  createContext,
  lazy,
  Suspense,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { t } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import { Actions } from './actions.tsx';
import { loadWhenIdle } from '../lib/load-when-idle.ts';
// The layer's styles come with this module, not with the layer's chunk: a style sheet added after
// the first paint has the browser style the whole page again.
import './dialog.module.css';

const loadDialogLayer = () => import('./dialog-layer.tsx');
// Radix Dialog with its focus scope, scroll lock and aria-hidden (some 5 KB brotli) is not part of
// any screen's first paint: it loads when the browser is idle after a Dialog appears, or when one opens.
const DialogLayer = lazy(() => loadDialogLayer().then((module) => ({ default: module.DialogLayer })));

/** Closes the dialog it is in (DialogClose). */
const CloseDialog = createContext<() => void>(() => undefined);

export interface DialogProps {
  title: string;
  description?: string | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (a Button: it gets its click and its ARIA state). */
  trigger?: ReactElement<{ id?: string; onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  /** Buttons at the bottom; wrap closing ones in `DialogClose`. */
  actions?: ReactNode;
  /** A box of its own in place of the centred card (the QR-bill's full screen). */
  contentClassName?: string | undefined;
  children?: ReactNode;
}

/** Modal dialog with title, optional description, body and actions; 300 ms close animation. */
export function Dialog({ title, description, open, defaultOpen, onOpenChange, trigger, actions, contentClassName, children }: DialogProps) {
  const [innerOpen, setInnerOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? innerOpen;
  // The content mounts at the first opening and stays for the close animation. A screen holds
  // several closed dialogs, and each one mounted with it cost a render and a synchronous second
  // one (Radix's Presence, for the overlay and the content) just after the first paint.
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  const triggerId = useId();
  // A dialog opened by something else than its trigger gives the focus back to what had it
  // (read before the dialog's own focus scope takes the focus, in a later effect).
  const openedFrom = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (isOpen) openedFrom.current = document.activeElement;
  }, [isOpen]);

  useEffect(() => loadWhenIdle(loadDialogLayer), []);

  const setOpen = (next: boolean) => {
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };
  const returnFocus = () => {
    const target = (trigger ? document.getElementById(trigger.props.id ?? triggerId) : null) ?? openedFrom.current;
    openedFrom.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };

  return (
    <CloseDialog value={() => setOpen(false)}>
      {trigger
        ? cloneElement(trigger, {
            id: trigger.props.id ?? triggerId,
            'aria-haspopup': 'dialog',
            'aria-expanded': isOpen,
            onClick: (event: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(event);
              if (!event.defaultPrevented) setOpen(true);
            },
          } as Partial<typeof trigger.props>)
        : null}
      {opened ? (
        <Suspense fallback={null}>
          <DialogLayer open={isOpen} onOpenChange={setOpen} title={title} description={description} returnFocus={returnFocus} className={contentClassName}>
            {children}
            {actions ? <Actions end>{actions}</Actions> : null}
          </DialogLayer>
        </Suspense>
      ) : null}
    </CloseDialog>
  );
}

/** Wraps an action so that activating it closes the dialog. */
export function DialogClose({ children }: { children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }> }) {
  const close = use(CloseDialog);
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      if (!event.defaultPrevented) close();
    },
  });
}

/** The usual actions of a dialog: Annulla (or another word for it), which closes it, then the dialog's own buttons. */
export function DialogActions({ children, cancelLabel }: { children: ReactNode; cancelLabel?: string | undefined }) {
  return (
    <>
      <DialogClose>
        <Button variant="text">{cancelLabel ?? t('form.cancel')}</Button>
      </DialogClose>
      {children}
    </>
  );
}

/** Chiudi, for a dialog that only shows something. */
export function CloseButton() {
  return (
    <DialogClose>
      <Button variant="text">{t('form.close')}</Button>
    </DialogClose>
  );
}
