import { createContext, useContext } from 'react';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  /** Milliseconds on screen; the provider's default when absent. */
  duration?: number | undefined;
  /** Something failed: the message stays until it is dismissed. */
  error?: boolean | undefined;
}

export interface SnackbarInput {
  message: string;
  actionLabel: string;
  onAction?: (() => void) | undefined;
}

/** A message on screen, or closing (`open` false) while it animates out. */
export type ToastItem =
  | ({ id: number; kind: 'toast'; open: boolean } & ToastInput)
  | ({ id: number; kind: 'snackbar'; open: boolean } & SnackbarInput);

export interface ToastApi {
  /** A short message that disappears by itself (an error stays until dismissed). */
  toast: (input: ToastInput) => void;
  /** A persistent message that stays until its action button is pressed. */
  snackbar: (input: SnackbarInput) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
