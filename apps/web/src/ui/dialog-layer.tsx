import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import styles from './dialog.module.css';

export interface DialogLayerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  /** Where the focus goes back when the dialog has closed. */
  returnFocus: () => void;
  /** In place of the centred card's class. */
  className?: string | undefined;
  children?: ReactNode;
}

/**
 * The open dialog itself (Radix: focus kept inside, the page behind hidden from assistive
 * technology and not scrolled, Escape and the scrim close it). Loaded with ui/dialog.tsx's first
 * Dialog on screen, when the browser is idle, or at the first opening.
 */
export function DialogLayer({ open, onOpenChange, title, description, returnFocus, className, children }: DialogLayerProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={className ?? styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
