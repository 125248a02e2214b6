import { useState, type ReactNode } from 'react';
import { Copy, Wallet } from 'lucide-react';
import {
  checkoutCost,
  formatChf,
  formatDisplayDate,
  formatKwh,
  paymentMethods,
  stayFee,
  type Booking,
  type HouseRules,
  type PaymentDetails,
  type PaymentMethod,
} from '@rustico/core';
import { useCurrentUser } from '../../auth/queries.ts';
import { errorText } from '../../lib/error-text.ts';
import { t } from '../../lib/i18n.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { cx } from '../../ui/cx.ts';
import { Loading } from '../../ui/loading.tsx';
import { useToast } from '../../ui/toast-context.ts';
import { GiftPicture, PhonePayPicture } from './pictures.tsx';
import { refusalError, typedValue } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { useHouseRules } from '../../fairness/queries.ts';
import { qrBillUrl, usePay, usePaymentDetails } from './queries.ts';
import { QrBill } from '../../ui/qr-bill.tsx';
import { Actions } from '../../ui/actions.tsx';
import styles from './register.module.css';

export interface PaymentStepProps {
  booking: Booking;
  onPaid: (booking: Booking) => void;
  /** A payment saved offline that the server refused: its method chosen again, its refusal shown. */
  refused?: OutboxEntry | undefined;
}

/** The cost of the stay, how to pay it, and Salva to register the payment. */
export function PaymentStep({ booking, onPaid, refused }: PaymentStepProps) {
  const user = useCurrentUser();
  const rules = useHouseRules();
  const details = usePaymentDetails();
  const { toast } = useToast();
  const pay = usePay((outcome) => {
    if (outcome.queued) {
      toast({ title: t('offline.queued') });
      return;
    }
    toast({ title: t('register.paidToast') });
    onPaid(outcome.data);
  });
  const [method, setMethod] = useState<PaymentMethod>(() => (typedValue(refused, 'method') as PaymentMethod) || 'bank_transfer');
  const [formAlert, setFormAlert] = useState<string | null>(() => (refused ? errorText(refusalError(refused)) : null));
  const free = booking.costCentimes === 0;
  const chosen: PaymentMethod = method === 'voucher' && user.giftUsed ? 'bank_transfer' : method;

  const save = () => {
    setFormAlert(null);
    pay.mutate(
      // Nothing to pay (maintenance): the stay is closed without a real payment method.
      { id: booking.id, method: free ? 'bank_transfer' : chosen, replaces: refused },
      { onError: (error) => setFormAlert(errorText(error)) },
    );
  };

  return (
    <Card title={t('register.paymentTitle')} aria-label={t('register.paymentTitle')} icon={<Wallet size={20} />}>
      {rules.data ? <CostSummary booking={booking} rules={rules.data} /> : rules.isError ? <Alert>{errorText(rules.error)}</Alert> : <Loading />}
      {free ? (
        <Alert tone="info">
          {booking.purpose === 'maintenance' ? `${t('register.maintenanceNoCost')} ` : ''}
          {t('register.noAmount')}
        </Alert>
      ) : (
        <>
          <fieldset className={styles.methods}>
            <legend className={styles.sectionTitle}>{t('register.method')}</legend>
            {paymentMethods.map((value) => {
              const disabled = value === 'voucher' && user.giftUsed;
              return (
                <label key={value} className={cx(styles.method, disabled && styles.methodDisabled)}>
                  <input
                    type="radio"
                    name="payment-method"
                    value={value}
                    checked={chosen === value}
                    disabled={disabled}
                    onChange={() => setMethod(value)}
                    aria-describedby={disabled ? 'voucher-used' : undefined}
                  />
                  <span className={styles.methodText}>
                    <span className={styles.methodName}>{t(`register.methods.${value}`)}</span>
                    {disabled ? (
                      <span id="voucher-used" className={styles.methodNote}>
                        {t('register.voucherUsed')}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <section className={styles.methodDetails} aria-label={t(`register.methods.${chosen}`)} aria-live="polite">
            {details.isPending ? (
              <Loading />
            ) : details.isError ? (
              <Alert>{errorText(details.error)}</Alert>
            ) : (
              <MethodDetails method={chosen} booking={booking} details={details.data} />
            )}
          </section>
          <Alert tone="info">{t('register.saveWarning')}</Alert>
        </>
      )}
      {formAlert ? <Alert>{formAlert}</Alert> : null}
      {!booking.paid ? (
        <Actions end>
          <Button onClick={save} loading={pay.isPending}>
            {t('register.save')}
          </Button>
        </Actions>
      ) : null}
    </Card>
  );
}

function CostSummary({ booking, rules }: { booking: Booking; rules: HouseRules }) {
  const kwh = booking.kwhUsed ?? 0;
  const cost = checkoutCost(
    // What the stay cost when it was booked: after check-out the booking carries only the final cost.
    { start: booking.start, end: booking.end, purpose: booking.purpose, storedCostCentimes: stayFee(booking, booking.purpose, rules) },
    kwh,
    rules,
  );
  const maintenance = booking.purpose === 'maintenance';
  const rows: Array<[ReactNode, string]> = [
    [
      t('register.nightsRow', { nights: cost.nights, fee: formatChf(maintenance ? 0 : rules.nightFeeCentimes) }),
      formatChf(cost.minimumApplied ? cost.nights * rules.nightFeeCentimes : cost.nightsCentimes),
    ],
  ];
  if (cost.minimumApplied) rows.push([t('register.minimumRow'), formatChf(cost.nightsCentimes)]);
  rows.push([
    t('register.electricityRow', { kwh: formatKwh(kwh), price: formatChf(maintenance ? 0 : rules.pricePerKwhCentimes) }),
    formatChf(cost.electricityCentimes),
  ]);
  return (
    <table className={styles.summary}>
      <caption className={styles.sectionTitle}>
        {t('register.summary')} · {t('register.stayDates', { start: formatDisplayDate(booking.start), end: formatDisplayDate(booking.end) })}
      </caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('register.summaryItem')}</th>
          <th scope="col">{t('register.summaryAmount')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, amount], index) => (
          <tr key={index}>
            <th scope="row">{label}</th>
            <td>{amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('register.total')}</th>
          <td data-testid="payment-total">{formatChf(booking.costCentimes)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function MethodDetails({ method, booking, details }: { method: PaymentMethod; booking: Booking; details: PaymentDetails }) {
  const amount = formatChf(booking.costCentimes);
  if (method === 'voucher') {
    return (
      <div className={styles.pictureRow}>
        <GiftPicture label={t('register.giftPicture')} />
        <p>{t('register.voucherText')}</p>
      </div>
    );
  }
  if (method === 'twint') {
    return (
      <div className={styles.pictureRow}>
        <PhonePayPicture label={t('register.twintPicture')} />
        <div className={styles.copyList}>
          <p>{t('register.twintText', { amount })}</p>
          <CopyButton label={t('register.twintPhone')} value={details.twintPhone} />
        </div>
      </div>
    );
  }
  const street = [details.street, details.buildingNumber].filter(Boolean).join(' ');
  const address = `${street}, ${details.zip} ${details.city}`;
  const dates = { start: formatDisplayDate(booking.start), end: formatDisplayDate(booking.end) };
  const url = qrBillUrl(booking);
  return (
    <div className={styles.bank}>
      <p className={styles.muted}>{t('register.copyHint')}</p>
      <div className={styles.copyList}>
        <CopyButton label={t('register.accountHolder')} value={details.accountHolder} />
        <CopyButton label={t('register.address')} value={address} />
        <CopyButton label={t('register.iban')} value={details.iban} />
        <CopyButton label={t('register.amount')} value={amount} copyValue={(booking.costCentimes / 100).toFixed(2)} />
        <CopyButton label={t('register.message')} value={t('register.messageText', dates)} />
      </div>
      <QrBill url={url} alt={t('register.qrBillAlt', { amount, ...dates })} />
    </div>
  );
}

/** A detail that copies itself to the clipboard when clicked. */
function CopyButton({ label, value, copyValue = value }: { label: string; value: string; copyValue?: string }) {
  const { toast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyValue);
      toast({ title: t('register.copied'), description: value });
    } catch {
      toast({ title: t('register.copyFailed'), error: true });
    }
  };
  return (
    <button type="button" className={styles.copy} onClick={() => void copy()} title={t('register.copyLabel', { label })}>
      <span className={styles.copyText}>
        <span className={styles.copyLabel}>{label}</span>
        <span className={styles.copyValue}>{value}</span>
      </span>
      <Copy size={18} aria-hidden="true" className={styles.copyIcon} />
    </button>
  );
}
