import { useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { t } from '../lib/i18n.ts';
import { Button } from './button.tsx';
import { Actions } from './actions.tsx';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  description?: string | undefined;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered as-is, e.g. a Button). */
  trigger?: ReactNode;
  /** Buttons at the bottom; wrap closing ones in `DialogClose`. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Modal dialog (Radix) with title, optional description, body and actions; 300 ms close animation. */
export function Dialog({ title, description, open, defaultOpen, onOpenChange, trigger, actions, children }: DialogProps) {
  // The content mounts at the first opening and stays for the close animation. A screen holds
  // several closed dialogs, and each one mounted with it cost a render and a synchronous second
  // one (Radix's Presence, for the overlay and the content) just after the first paint.
  const [opened, setOpened] = useState(open ?? defaultOpen ?? false);
  if (open && !opened) setOpened(true);
  return (
    <RadixDialog.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(next) => {
        if (next) setOpened(true);
        onOpenChange?.(next);
      }}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      {opened ? (
        <RadixDialog.Portal>
          <RadixDialog.Overlay className={styles.overlay} />
          <RadixDialog.Content
            className={styles.content}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
            ) : null}
            {children}
            {actions ? <Actions end>{actions}</Actions> : null}
          </RadixDialog.Content>
        </RadixDialog.Portal>
      ) : null}
    </RadixDialog.Root>
  );
}

/** Wraps an action so that activating it closes the dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}

/** The usual actions of a dialog: Annulla, which closes it, then the dialog's own buttons. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <>
      <DialogClose>
        <Button variant="text">{t('form.cancel')}</Button>
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
