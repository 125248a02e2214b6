import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { defaultPasskeyName } from '../lib/passkey-names.ts';
import { Alert } from '../ui/alert.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import type { passkeyNameFormSchema } from './form-schemas.ts';
import { useAddPasskey } from './queries.ts';

type NameInput = z.input<typeof passkeyNameFormSchema>;
type NameOutput = z.output<typeof passkeyNameFormSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.passkeyNameFormSchema));

/** Why the device made no passkey, as the dialog says it; nothing when the member closed the device's own dialog. */
async function failureText(error: unknown): Promise<string | null> {
  if (isApiError(error)) return errorText(error);
  const { ceremonyFailure } = await import('../lib/webauthn.ts');
  const failure = ceremonyFailure(error);
  return failure === 'cancelled' ? null : failure === 'exists' ? t('passkey.exists') : t('passkeys.failed');
}

export interface AddPasskeyDialogProps {
  memberName: string;
  onClose: () => void;
  /** The offer after a login speaks of itself; Impostazioni's dialog says only what it makes. */
  title?: string | undefined;
  description?: string | undefined;
  submitLabel?: string | undefined;
  cancelLabel?: string | undefined;
  /** Called once the passkey is kept, before the dialog closes. */
  onAdded?: () => void;
}

/**
 * A new passkey: the member names it (this device's kind and their first name to start with),
 * then the device's own dialog makes it.
 */
export function AddPasskeyDialog({ memberName, onClose, title, description, submitLabel, cancelLabel, onAdded }: AddPasskeyDialogProps) {
  const add = useAddPasskey();
  const { toast } = useToast();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<NameInput, unknown, NameOutput>({ resolver, defaultValues: { name: defaultPasskeyName(memberName) }, reValidateMode: 'onSubmit' });

  const onSubmit = ({ name }: NameOutput) => {
    setFormAlert(null);
    add.mutate(name, {
      onSuccess: () => {
        toast({ title: t('passkeys.added') });
        onAdded?.();
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.field === 'name') setError('name', { type: 'server', message: errorCodeText(error.code) }, { shouldFocus: true });
        else void failureText(error).then(setFormAlert);
      },
    });
  };

  return (
    <FormDialog
      title={title ?? t('passkeys.addTitle')}
      description={description ?? t('passkey.what')}
      submitLabel={submitLabel ?? t('passkeys.create')}
      cancelLabel={cancelLabel}
      pending={add.isPending}
      onSubmit={() => void handleSubmit(onSubmit)()}
      onClose={onClose}
    >
      {formAlert ? <Alert>{formAlert}</Alert> : null}
      <TextField
        {...register('name')}
        label={t('passkeys.name')}
        autoComplete="off"
        required
        supportingText={t('passkeys.nameHint')}
        error={fieldErrorText(errors.name)}
        onClearError={() => clearErrors('name')}
      />
    </FormDialog>
  );
}
