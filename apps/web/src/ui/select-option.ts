/** One choice of a Select; its own module, so the lazily loaded menu needs nothing of the field. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}
