import type { TestApp } from "./test-app";
import type { TestUser } from "./test-users";

/**
 * Makes a test user a Premium subscriber the way a person does, through the real endpoints:
 * `create-checkout` for the local provider's checkout URL, then the checkout form paid with
 * Stripe's success test card. Works with the local (offline) billing provider only.
 */
export async function subscribeTestUser(t: TestApp, user: TestUser): Promise<void> {
  const checkout = await t.app.request("/functions/v1/create-checkout", {
    method: "POST",
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  if (checkout.status !== 200) {
    throw new Error(
      `subscribeTestUser: create-checkout answered ${checkout.status}: ${await checkout.text()}`,
    );
  }
  const { url } = (await checkout.json()) as { url: string };
  const path = new URL(url).pathname;
  const year = (new Date().getUTCFullYear() + 3) % 100;
  const pay = await t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      number: "4242 4242 4242 4242",
      expiry: `12/${year}`,
      cvc: "123",
    }).toString(),
  });
  if (pay.status !== 303) {
    throw new Error(
      `subscribeTestUser: paying the checkout answered ${pay.status}: ${await pay.text()}`,
    );
  }
}
