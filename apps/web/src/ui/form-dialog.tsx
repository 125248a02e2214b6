import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';
import styles from './form-dialog.module.css';

export interface FormDialogProps {
  title: string;
  description?: string | undefined;
  /** The submit button's text (Salva, Registra…); Annulla is always beside it. */
  submitLabel: string;
  /** Annulla's text where the dialog asks something else («No, grazie»). */
  cancelLabel?: string | undefined;
  /** The save is on its way: the button shows it and cannot be pressed twice. */
  pending: boolean;
  /** Called on the button and on Enter in a field; the form is never sent by the browser. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** An open dialog holding one form, its fields one under the other, Annulla and the submit button below. */
export function FormDialog({ title, description, submitLabel, cancelLabel, pending, onSubmit, onClose, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      actions={
        <DialogActions cancelLabel={cancelLabel}>
          <Button type="submit" form={formId} loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
