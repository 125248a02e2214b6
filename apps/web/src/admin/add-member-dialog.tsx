import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogClose } from '../ui/dialog.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import type { newMemberSchema } from './form-schemas.ts';
import { MemberIdentityFields } from './member-fields.tsx';
import { PasswordActions, PasswordShown } from './password-shown.tsx';
import { useAddMember } from './queries.ts';

type NewMemberInput = z.input<typeof newMemberSchema>;
type NewMemberOutput = z.output<typeof newMemberSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.newMemberSchema));

/** 'Aggiungi membro': the form, then the new member's password shown once, or the invitation sent. */
export function AddMemberDialog({ colour, onClose }: { colour: string; onClose: () => void }) {
  const add = useAddMember();
  const { toast } = useToast();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const form = useForm<NewMemberInput, unknown, NewMemberOutput>({
    resolver,
    defaultValues: { name: '', email: '', role: 'member', colour, invite: config.mailEnabled },
    shouldFocusError: true,
    reValidateMode: 'onSubmit',
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = form;

  const onSubmit = (values: NewMemberOutput) => {
    setFormAlert(null);
    add.mutate(values, {
      onSuccess: ({ user }) => toast({ title: t('admin.users.added', { name: user.name }) }),
      onError: (error) => {
        if (isApiError(error) && (error.code === 'EMAIL_TAKEN' || error.code === 'INVALID_EMAIL')) {
          setError('email', { type: 'server', message: errorCodeText(error.code) }, { shouldFocus: true });
        } else if (isApiError(error) && error.code === 'NAME_REQUIRED') {
          setError('name', { type: 'server', message: errorCodeText(error.code) }, { shouldFocus: true });
        } else if (isApiError(error) && (error.code === 'COLOUR_UNREADABLE' || error.field === 'colour')) {
          setError('colour', { type: 'server', message: errorText(error) }, { shouldFocus: true });
        } else {
          setFormAlert(errorText(error));
        }
      },
    });
  };

  const created = add.data;
  if (created?.invited) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('admin.users.invitedTitle')}
        description={t('admin.users.invitedText', { name: created.user.name, email: created.user.email })}
        actions={
          <DialogClose>
            <Button>{t('form.ok')}</Button>
          </DialogClose>
        }
      />
    );
  }
  if (created) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('admin.users.passwordTitle', { name: created.user.name })}
        actions={<PasswordActions password={created.password} />}
      >
        <PasswordShown member={created.user} password={created.password} />
      </Dialog>
    );
  }

  return (
    <FormProvider {...form}>
      <FormDialog
        title={t('admin.users.addTitle')}
        description={t('admin.users.addDescription')}
        submitLabel={t('admin.users.submitAdd')}
        pending={add.isPending}
        onSubmit={() => void handleSubmit(onSubmit)()}
        onClose={onClose}
      >
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <MemberIdentityFields
          afterName={
            <TextField
              {...register('email')}
              label={t('admin.users.email')}
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              supportingText={t('admin.users.emailHint')}
              error={fieldErrorText(errors.email)}
              onClearError={() => clearErrors('email')}
            />
          }
        />
        <Controller
          control={control}
          name="invite"
          render={({ field }) => (
            <Switch
              label={t('admin.users.invite')}
              description={config.mailEnabled ? t('admin.users.inviteHint') : t('admin.users.inviteOff')}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              disabled={!config.mailEnabled}
            />
          )}
        />
      </FormDialog>
    </FormProvider>
  );
}
