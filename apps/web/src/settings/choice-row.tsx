import { useState, type ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { RadioGroup, type RadioOption } from '../ui/radio-group.tsx';
import { ActionRow } from './settings-row.tsx';

export interface ChoiceRowProps<T extends string> {
  icon: ReactNode;
  label: string;
  description: string;
  options: readonly RadioOption<T>[];
  value: T;
  /** What the row shows for the current value. */
  hint: string;
  confirmLabel: string;
  onConfirm: (choice: T) => void;
}

/** A settings row whose value is picked in a dialog of options, confirmed or cancelled. */
export function ChoiceRow<T extends string>({ icon, label, description, options, value, hint, confirmLabel, onConfirm }: ChoiceRowProps<T>) {
  const [choice, setChoice] = useState<T>(value);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionRow
        icon={icon}
        label={label}
        hint={hint}
        onClick={() => {
          setChoice(value);
          setOpen(true);
        }}
      />
      <Dialog
        title={label}
        description={description}
        open={open}
        onOpenChange={setOpen}
        actions={
          <DialogActions>
            <Button
              onClick={() => {
                setOpen(false);
                onConfirm(choice);
              }}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        }
      >
        <RadioGroup legend={label} hideLegend options={options} value={choice} onValueChange={setChoice} />
      </Dialog>
    </>
  );
}
