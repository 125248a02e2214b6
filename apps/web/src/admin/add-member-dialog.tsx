import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newMemberSchema } from '@rustico/core';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { config } from '../lib/config.ts';
import { errorCodeText, errorText } from '../lib/error-text.ts';
import { fieldErrorText } from '../lib/form-errors.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions, DialogClose } from '../ui/dialog.tsx';
import { Select } from '../ui/select.tsx';
import { Switch } from '../ui/switch.tsx';
import { TextField } from '../ui/text-field.tsx';
import { useToast } from '../ui/toast-context.ts';
import { ColourField, roleOptions } from './member-fields.tsx';
import { PasswordActions, PasswordShown } from './password-shown.tsx';
import { useAddMember } from './queries.ts';
import styles from './users.module.css';

type NewMemberInput = z.input<typeof newMemberSchema>;
type NewMemberOutput = z.output<typeof newMemberSchema>;

/** 'Aggiungi membro': the form, then the new member's password shown once, or the invitation sent. */
export function AddMemberDialog({ colour, onClose }: { colour: string; onClose: () => void }) {
  const add = useAddMember();
  const { toast } = useToast();
  const formId = useId();
  const colourId = useId();
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<NewMemberInput, unknown, NewMemberOutput>({
    resolver: zodResolver(newMemberSchema),
    defaultValues: { name: '', email: '', role: 'member', colour, invite: config.mailEnabled },
    shouldFocusError: true,
    reValidateMode: 'onSubmit',
  });
  const colourValue = useWatch({ control, name: 'colour' });
  const nameValue = useWatch({ control, name: 'name' });

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
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.users.addTitle')}
      description={t('admin.users.addDescription')}
      actions={
        <DialogActions>
          <Button type="submit" form={formId} loading={add.isPending}>
            {t('admin.users.submitAdd')}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        {formAlert ? <Alert>{formAlert}</Alert> : null}
        <TextField
          {...register('name')}
          label={t('admin.users.name')}
          autoComplete="off"
          required
          error={fieldErrorText(errors.name)}
          onClearError={() => clearErrors('name')}
        />
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
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('admin.users.role')}
              options={roleOptions()}
              value={field.value ?? 'member'}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
        <ColourField
          {...register('colour', { onChange: () => clearErrors('colour') })}
          id={colourId}
          value={colourValue ?? colour}
          sampleName={nameValue ?? ''}
          error={fieldErrorText(errors.colour)}
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
      </form>
    </Dialog>
  );
}
