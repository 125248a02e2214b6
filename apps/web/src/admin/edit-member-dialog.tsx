import { useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Fingerprint, Gift, KeyRound } from 'lucide-react';
import type { Member, MemberUpdate } from '@rustico/core';
import type { z } from 'zod';
import { isApiError, staleEditOf } from '../lib/api.ts';
import { errorText } from '../lib/error-text.ts';
import { t } from '../lib/i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Switch } from '../ui/switch.tsx';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import { useToast } from '../ui/toast-context.ts';
import { lookAgainText } from '../ui/stale-edit.tsx';
import type { editMemberSchema } from './form-schemas.ts';
import { MemberIdentityFields } from './member-fields.tsx';
import { PasswordActions, PasswordShown } from './password-shown.tsx';
import { useRemovePasskeys, useResetPassword, useRestoreVoucher, useUpdateMember } from './queries.ts';
import styles from './users.module.css';

type EditInput = z.input<typeof editMemberSchema>;
type EditOutput = z.output<typeof editMemberSchema>;
const resolver = lazyZodResolver(() => import('./form-schemas.ts').then((schemas) => schemas.editMemberSchema));

type EditMode =
  | { kind: 'edit' }
  | { kind: 'confirmDisable'; changes: MemberUpdate }
  | { kind: 'confirmReset' }
  | { kind: 'confirmPasskeys' }
  | { kind: 'password'; password: string };

/** Only the fields that differ from the member. */
function changesOf(member: Member, values: EditOutput): MemberUpdate {
  const changes: MemberUpdate = {};
  if (values.name !== member.name) changes.name = values.name;
  if (values.role !== member.role) changes.role = values.role;
  if (values.colour.toLowerCase() !== member.colour.toLowerCase()) changes.colour = values.colour;
  if (values.hidden !== member.hidden) changes.hidden = values.hidden;
  if (values.disabled !== member.disabled) changes.disabled = values.disabled;
  return changes;
}

/** A member's name, role, colour, hidden and disabled; a new password; the voucher given back; their passkeys removed. */
export function EditMemberDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const update = useUpdateMember();
  const reset = useResetPassword();
  const voucher = useRestoreVoucher();
  const passkeys = useRemovePasskeys();
  const { toast } = useToast();
  const formId = useId();
  const [mode, setMode] = useState<EditMode>({ kind: 'edit' });
  const [formAlert, setFormAlert] = useState<string | null>(null);
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver,
    defaultValues: {
      name: member.name,
      role: member.role,
      colour: member.colour.toLowerCase(),
      hidden: member.hidden,
      disabled: member.disabled,
    },
    shouldFocusError: true,
    reValidateMode: 'onSubmit',
  });
  const { control, handleSubmit, setError } = form;
  const close = (open: boolean) => {
    if (!open) onClose();
  };

  const save = (changes: MemberUpdate) => {
    setFormAlert(null);
    update.mutate(
      { id: member.id, changes, version: member.version },
      {
        onSuccess: () => {
          toast({ title: t('admin.users.saved') });
          onClose();
        },
        onError: (error) => {
          setMode({ kind: 'edit' });
          const stale = staleEditOf(error);
          if (stale) setFormAlert(lookAgainText(stale.changedByName));
          else if (isApiError(error) && (error.code === 'COLOUR_UNREADABLE' || error.field === 'colour')) {
            setError('colour', { type: 'server', message: errorText(error) }, { shouldFocus: true });
          } else {
            setFormAlert(errorText(error));
          }
        },
      },
    );
  };

  const onSubmit = (values: EditOutput) => {
    const changes = changesOf(member, values);
    if (Object.keys(changes).length === 0) onClose();
    else if (changes.disabled === true) setMode({ kind: 'confirmDisable', changes });
    else save(changes);
  };

  const onReset = () => {
    reset.mutate(member.id, {
      onSuccess: ({ password }) => setMode({ kind: 'password', password }),
      onError: (error) => {
        setMode({ kind: 'edit' });
        setFormAlert(errorText(error));
      },
    });
  };

  const onVoucher = () => {
    setFormAlert(null);
    voucher.mutate(member.id, {
      onSuccess: (user) => toast({ title: t('admin.users.voucherDone', { name: user.name }) }),
      onError: (error) => setFormAlert(errorText(error)),
    });
  };

  const onRemovePasskeys = () => {
    setFormAlert(null);
    passkeys.mutate(member.id, {
      onSuccess: (user) => {
        toast({ title: t('passkeys.admin.removed', { name: user.name }) });
        setMode({ kind: 'edit' });
      },
      onError: (error) => {
        setMode({ kind: 'edit' });
        setFormAlert(errorText(error));
      },
    });
  };

  if (mode.kind === 'confirmPasskeys') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={t('passkeys.admin.removeTitle', { name: member.name })}
        description={t('passkeys.admin.removeText', { name: member.name })}
        actions={
          <>
            <Button variant="text" onClick={() => setMode({ kind: 'edit' })}>
              {t('form.cancel')}
            </Button>
            <Button danger loading={passkeys.isPending} onClick={onRemovePasskeys}>
              {t('passkeys.admin.removeConfirm')}
            </Button>
          </>
        }
      />
    );
  }

  if (mode.kind === 'password') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={t('admin.users.passwordTitle', { name: member.name })}
        actions={<PasswordActions password={mode.password} />}
      >
        <PasswordShown member={member} password={mode.password} />
      </Dialog>
    );
  }

  if (mode.kind === 'confirmDisable') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={t('admin.users.disableTitle', { name: member.name })}
        description={t('admin.users.disableText')}
        actions={
          <>
            <Button variant="text" onClick={() => setMode({ kind: 'edit' })}>
              {t('form.cancel')}
            </Button>
            <Button danger loading={update.isPending} onClick={() => save(mode.changes)}>
              {t('admin.users.disableConfirm')}
            </Button>
          </>
        }
      />
    );
  }

  if (mode.kind === 'confirmReset') {
    return (
      <Dialog
        open
        onOpenChange={close}
        title={t('admin.users.resetTitle', { name: member.name })}
        description={t('admin.users.resetText')}
        actions={
          <>
            <Button variant="text" onClick={() => setMode({ kind: 'edit' })}>
              {t('form.cancel')}
            </Button>
            <Button danger loading={reset.isPending} onClick={onReset}>
              {t('admin.users.resetConfirm')}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <Dialog
      open
      onOpenChange={close}
      title={t('admin.users.editTitle', { name: member.name })}
      actions={
        <DialogActions>
          <Button type="submit" form={formId} loading={update.isPending}>
            {t('form.save')}
          </Button>
        </DialogActions>
      }
    >
      <FormProvider {...form}>
        <form id={formId} className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
          {formAlert ? <Alert>{formAlert}</Alert> : null}
          <MemberIdentityFields />
          <Controller
            control={control}
            name="hidden"
            render={({ field }) => (
              <Switch
                label={t('admin.users.hiddenLabel')}
                description={t('admin.users.hiddenHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="disabled"
            render={({ field }) => (
              <Switch
                label={t('admin.users.disabledLabel')}
                description={t('admin.users.disabledHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </form>
      </FormProvider>
      <section className={styles.more} aria-label={t('admin.users.more')}>
        <Button variant="outlined" icon={<KeyRound size={18} aria-hidden="true" />} onClick={() => setMode({ kind: 'confirmReset' })}>
          {t('admin.users.newPassword')}
        </Button>
        {member.passkeys > 0 ? (
          <Button variant="outlined" icon={<Fingerprint size={18} aria-hidden="true" />} onClick={() => setMode({ kind: 'confirmPasskeys' })}>
            {t('passkeys.admin.remove')}
          </Button>
        ) : null}
        {member.giftUsed ? (
          <Button variant="outlined" icon={<Gift size={18} aria-hidden="true" />} loading={voucher.isPending} onClick={onVoucher}>
            {t('admin.users.voucher')}
          </Button>
        ) : null}
      </section>
    </Dialog>
  );
}
