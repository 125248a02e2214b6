import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { nextReading } from '../pages/register-page.ts';
import { DEMO_PASSWORD, demo, emailOf } from './demo.ts';
import { expect, test } from './fixtures.ts';

/**
 * A stay of `ownerId`, booked for them by Giulia: an administrator may book
 * in the past, where check-in is already open and no other test's days are.
 */
export async function bookAsAdminFor(ownerId: string, stay: { start: string; end: string }, purpose = 'personal'): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL! });
  expect((await admin.post('/api/session', { data: { email: emailOf(demo.admin), password: DEMO_PASSWORD } })).status()).toBe(200);
  const response = await admin.post('/api/bookings', { data: { ...stay, purpose, ownerId } });
  expect(response.status(), await response.text()).toBe(201);
  const { booking } = (await response.json()) as { booking: { id: string } };
  await admin.dispose();
  return booking.id;
}

/** The member's id, for the session `request` holds. */
export async function sessionUserId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/session')).json()) as { user: { id: string } }).user.id;
}

/** Check-in and check-out through the API, with the session `request` holds. */
export async function checkInAndOut(request: APIRequestContext, id: string) {
  // The meter is shared with the tests running beside this one: read it again if one of them was quicker.
  const postReading = async (url: string, step: number, extra: object = {}) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await request.post(url, { data: { ...(await nextReading(request, step)), ...extra } });
      if (response.status() !== 400 || !(await response.text()).includes('READING_TOO_LOW')) return response;
    }
    throw new Error(`${url}: the readings were refused four times`);
  };
  const checkin = await postReading(`/api/bookings/${id}/checkin`, 500);
  expect(checkin.status(), await checkin.text()).toBe(200);
  const checkout = await postReading(`/api/bookings/${id}/checkout`, 80, { checklistDone: true });
  expect(checkout.status(), await checkout.text()).toBe(200);
}
