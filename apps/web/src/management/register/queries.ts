import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOADED_BEFORE_MOUNT } from '../../lib/first-data.ts';
import {
  type bookingListSchema,
  type bookingResponseSchema,
  type checklistResponseSchema,
  type latestReadingSchema,
  type paymentDetailsSchema,
  type Booking,
  type CheckinRequest,
  type CheckoutRequest,
  type PaymentMethod,
  type SessionUser,
} from '@rustico/core';
import { sessionQueryKey, useCurrentUser } from '../../auth/queries.ts';
import { forgetSession } from '../../auth/session.ts';
import { api, type Answer } from '../../lib/api.ts';
import { sendOrQueue, type WriteOutcome } from '../../offline/outbox.ts';
import type { OutboxEntry } from '../../offline/outbox-store.ts';
import { FIRST_DATA } from '../../lib/api-paths.ts';

/**
 * Booking data lives under ['bookings'] so live booking events (and every
 * other screen's invalidations) refresh the Registra tab too.
 */
export const registerKeys = {
  bookings: ['bookings'] as const,
  open: ['bookings', 'open'] as const,
  meter: ['meter', 'latest'] as const,
  checklist: ['house', 'checklist'] as const,
  payment: ['house', 'payment'] as const,
};

const path = (id: string, step: string) => `/bookings/${encodeURIComponent(id)}/${step}`;

/** My bookings that are not paid yet, oldest first (the selector). */
/** My stays not yet paid (Registra's list, Home's action card). */
export const openStaysQuery = queryOptions({
  queryKey: registerKeys.open,
  queryFn: ({ signal }) => api.get<Answer<typeof bookingListSchema>>(FIRST_DATA.openStays, { signal }).then((data) => data.bookings),
  // Home's loader has just asked: the screen it opens does not ask again (live events keep it fresh).
  staleTime: LOADED_BEFORE_MOUNT,
});

export function useOpenStays() {
  return useQuery(openStaysQuery);
}

/** The meter's last recorded reading, fresh whenever a form shows it. */
export function useLatestReading() {
  return useQuery({
    queryKey: registerKeys.meter,
    queryFn: ({ signal }) => api.get<Answer<typeof latestReadingSchema>>('/meter/latest', { signal }).then((data) => data.reading),
    staleTime: 0,
  });
}


export function useChecklist(enabled = true) {
  return useQuery({
    queryKey: registerKeys.checklist,
    queryFn: ({ signal }) => api.get<Answer<typeof checklistResponseSchema>>('/house/checklist', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function usePaymentDetails() {
  return useQuery({
    queryKey: registerKeys.payment,
    queryFn: ({ signal }) => api.get<Answer<typeof paymentDetailsSchema>>('/house/payment', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The URL of a checked-out stay's Swiss QR-bill (payment part, SVG). */
export function qrBillUrl(booking: Pick<Booking, 'id' | 'costCentimes'>): string {
  // The cost in the query string makes a changed amount a new image for the browser cache.
  return `/api${path(booking.id, 'qr-bill.svg')}?v=${booking.costCentimes}`;
}

/** Puts the saved booking into the open list at once; the refetch follows. */
function useStepSaved() {
  const queryClient = useQueryClient();
  return (booking: Booking) => {
    queryClient.setQueryData<Booking[]>(registerKeys.open, (list) =>
      list?.map((item) => (item.id === booking.id ? booking : item)),
    );
    void queryClient.invalidateQueries({ queryKey: registerKeys.bookings });
    void queryClient.invalidateQueries({ queryKey: registerKeys.meter });
    // A check-in or check-out note appears on the notes board.
    void queryClient.invalidateQueries({ queryKey: ['notes'] });
    // A check-out's handover marks supplies and may report a problem.
    void queryClient.invalidateQueries({ queryKey: ['upkeep'] });
  };
}

/** A stay step's write: sent now, or kept on the phone until the network is back. */
function useStepWrite<Body>(step: 'checkin' | 'checkout' | 'payment') {
  const user = useCurrentUser();
  return ({ id, body, replaces }: { id: string; body: Body; replaces?: OutboxEntry | undefined }): Promise<WriteOutcome<Booking>> =>
    sendOrQueue<Answer<typeof bookingResponseSchema>>({ userId: user.id, kind: step, method: 'POST', path: path(id, step), body, bookingId: id, replaces }).then((outcome) => (outcome.queued ? outcome : { queued: false, data: outcome.data.booking }));
}

/*
 * A saved step replaces the form that sent it (the next step, or the stay leaves the list), and a
 * live event can do so before the answer is read. `mutate`'s own callbacks are skipped once their
 * component is gone, so what the member must see (the toast) is passed in here, where it always runs.
 */
type Done = (outcome: WriteOutcome<Booking>) => void;

export function useCheckIn(done: Done) {
  const saved = useStepSaved();
  return useMutation({
    mutationFn: useStepWrite<CheckinRequest>('checkin'),
    onSuccess: (outcome) => {
      if (!outcome.queued) saved(outcome.data);
      done(outcome);
    },
  });
}

/** A problem's photo reported at check-out: it follows the answer (a photo does not wait in the outbox). */
export interface CheckoutPhoto {
  taskId: string;
  file: File;
}

export function useCheckOut(done: (outcome: WriteOutcome<Booking>, photo: CheckoutPhoto | undefined) => void) {
  const saved = useStepSaved();
  const write = useStepWrite<CheckoutRequest>('checkout');
  return useMutation({
    mutationFn: (variables: { id: string; body: CheckoutRequest; replaces?: OutboxEntry | undefined; photo?: CheckoutPhoto | undefined }) => write(variables),
    onSuccess: (outcome, variables) => {
      if (!outcome.queued) saved(outcome.data);
      done(outcome, variables.photo);
    },
  });
}

export function usePay(done: Done) {
  const saved = useStepSaved();
  const queryClient = useQueryClient();
  const write = useStepWrite<{ method: PaymentMethod }>('payment');
  return useMutation({
    mutationFn: ({ id, method, replaces }: { id: string; method: PaymentMethod; replaces?: OutboxEntry | undefined }) =>
      write({ id, body: { method }, replaces }),
    onSuccess: (outcome) => {
      done(outcome);
      if (outcome.queued) return;
      const booking = outcome.data;
      saved(booking);
      if (booking.paymentMethod === 'voucher') {
        // The voucher is used now: the session user's giftUsed changes (at once, then from the server).
        queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) => (user ? { ...user, giftUsed: true } : user));
        forgetSession();
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
}

export function useCancelBooking(done: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/bookings/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      done();
      queryClient.setQueryData<Booking[]>(registerKeys.open, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: registerKeys.bookings });
    },
  });
}
