import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { t } from '../lib/i18n.ts';
import { TextField, textFieldStyles, type TextFieldProps } from './text-field.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/** A TextField whose value can be shown or hidden with a toggle button. */
export function PasswordField({ disabled, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('form.hidePassword') : t('form.showPassword');
  return (
    <TextField
      {...props}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      endAdornment={
        <button
          type="button"
          className={textFieldStyles.iconButton}
          onClick={() => setVisible((value) => !value)}
          aria-label={toggleLabel}
          title={toggleLabel}
          disabled={disabled}
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      }
    />
  );
}
