import { ACCOUNT_MESSAGES, VALIDATION_MESSAGES } from "@kalpa/contracts/account-messages";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { LOCAL_STORAGE_KEYS } from "@kalpa/contracts/storage-keys";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, type MockHandlers, NetworkDown, ok } from "@/test/mock-api";
import { renderApp, TEST_USER } from "@/test/render-app";
import { rememberSignedIn } from "@/test/session";
import { profileOf } from "../api/get-profile";

type User = ReturnType<typeof userEvent.setup>;

function renderProfile(api: MockHandlers = {}) {
  rememberSignedIn();
  return renderApp("/profile", {
    api: { "GET /api/profile": () => ok(profileOf(TEST_USER)), ...api },
  });
}

function input(label: string): HTMLInputElement {
  return screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
}

async function openChangePassword(user: User) {
  await user.click(await screen.findByRole("button", { name: "Change Password" }));
  return screen.findByRole("dialog", { name: "Change Password" });
}

describe("profile", () => {
  it("shows name, username, e-mail, mobile and the initials when there is no image", async () => {
    renderProfile();
    expect(await screen.findByRole("heading", { level: 1, name: "Profile Settings" })).toBeTruthy();
    await screen.findByLabelText("Name");
    expect(input("Name").value).toBe(TEST_USER.name);
    expect(input("Username").value).toBe(TEST_USER.username);
    expect(input("Email").value).toBe(TEST_USER.email);
    expect(input("Mobile Number").value).toBe(TEST_USER.mobile);
    for (const label of ["Name", "Username", "Email", "Mobile Number"]) {
      expect(input(label).readOnly).toBe(true);
    }
    expect(screen.getByRole("img", { name: "Asha Rao's initials" }).textContent).toBe("AR");
    // Username and e-mail have no Update button: they cannot be changed.
    const updates = screen.getAllByRole("button", { name: /^Update / });
    expect(updates.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Update Name",
      "Update Mobile Number",
    ]);
  });

  it("shows the profile image when there is one", async () => {
    renderProfile({
      "GET /api/profile": () =>
        ok({ ...profileOf(TEST_USER), profileImage: "/api/profile/image?v=3" }),
    });
    const image = await screen.findByRole("img", { name: "Profile photo of Asha Rao" });
    expect(image.getAttribute("src")).toBe("/api/profile/image?v=3");
    expect(screen.getByRole("button", { name: "Remove Photo" })).toBeTruthy();
  });

  it("Update edits one field; Cancel returns to viewing with the saved value and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = renderProfile();
    await user.click(await screen.findByRole("button", { name: "Update Name" }));
    expect(input("Name").readOnly).toBe(false);
    expect(document.activeElement).toBe(input("Name"));
    expect(screen.getByRole("button", { name: "Update Mobile Number" }).matches(":disabled")).toBe(
      true,
    );

    await user.clear(input("Name"));
    await user.type(input("Name"), "Someone Else");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(input("Name").value).toBe(TEST_USER.name);
    expect(input("Name").readOnly).toBe(true);
    expect(screen.getByRole("button", { name: "Update Mobile Number" }).matches(":disabled")).toBe(
      false,
    );
    expect(api.callsTo("PUT /api/profile")).toHaveLength(0);
  });

  it("Save sends only that field, shows the saved value and updates the session's hints", async () => {
    const user = userEvent.setup();
    const renamed = { ...TEST_USER, name: "Asha S. Rao" };
    const { api } = renderProfile({
      "PUT /api/profile": () => ok({ user: renamed }, ACCOUNT_MESSAGES.profileUpdated),
    });
    await user.click(await screen.findByRole("button", { name: "Update Name" }));
    await user.clear(input("Name"));
    await user.type(input("Name"), "Asha S. Rao");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(input("Name").readOnly).toBe(true));
    expect(input("Name").value).toBe("Asha S. Rao");
    expect(screen.getByText("Asha S. Rao", { selector: "p" })).toBeTruthy();
    expect(api.callsTo("PUT /api/profile")[0]?.body).toEqual({ name: "Asha S. Rao" });
    expect(JSON.parse(window.localStorage.getItem(LOCAL_STORAGE_KEYS.userData) ?? "{}").name).toBe(
      "Asha S. Rao",
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileUpdated)).toBeTruthy();
  });

  it("checks the mobile number before sending, and shows a refused save in place", async () => {
    const user = userEvent.setup();
    const { api } = renderProfile({
      "PUT /api/profile": () => fail(400, VALIDATION_MESSAGES.invalidMobile),
    });
    await user.click(await screen.findByRole("button", { name: "Update Mobile Number" }));
    await user.clear(input("Mobile Number"));
    await user.type(input("Mobile Number"), "98765");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(VALIDATION_MESSAGES.invalidMobile);
    expect(api.callsTo("PUT /api/profile")).toHaveLength(0);

    await user.clear(input("Mobile Number"));
    await user.type(input("Mobile Number"), "9000000001");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("PUT /api/profile")).toHaveLength(1));
    expect(api.callsTo("PUT /api/profile")[0]?.body).toEqual({ mobile: "9000000001" });
    expect((await screen.findByRole("alert")).textContent).toBe(VALIDATION_MESSAGES.invalidMobile);
    expect(input("Mobile Number").readOnly).toBe(false);
  });

  it("says so, with Retry, when the profile cannot be loaded", async () => {
    const user = userEvent.setup();
    let reply = fail(500, "Something went wrong on our side. Please try again later.");
    renderProfile({ "GET /api/profile": () => reply });
    expect(await screen.findByText(/couldn't load your profile/)).toBeTruthy();
    reply = ok(profileOf(TEST_USER));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Name")).toBeTruthy();
  });

  describe("change password", () => {
    it("sends the three fields, closes, and says Password updated successfully.", async () => {
      const user = userEvent.setup();
      const { api } = renderProfile({
        "PUT /api/profile/password": () => ok(undefined, "Password changed."),
      });
      const dialog = await openChangePassword(user);
      const current = within(dialog).getByLabelText("Current Password");
      expect(current.getAttribute("autocomplete")).toBe("current-password");
      await user.type(current, "saffron-kite-31");
      await user.type(within(dialog).getByLabelText("New Password"), "monsoon-ledger-77");
      await user.type(within(dialog).getByLabelText("Confirm New Password"), "monsoon-ledger-77");
      await user.click(within(dialog).getByRole("button", { name: "Update Password" }));

      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect((await screen.findByRole("alert")).textContent).toBe(AUTH_MESSAGES.passwordUpdated);
      expect(api.callsTo("PUT /api/profile/password")[0]?.body).toEqual({
        currentPassword: "saffron-kite-31",
        newPassword: "monsoon-ledger-77",
        confirmPassword: "monsoon-ledger-77",
      });
    });

    it.each([
      [
        "the server's message",
        () => fail(400, ACCOUNT_MESSAGES.currentPasswordWrong),
        ACCOUNT_MESSAGES.currentPasswordWrong,
      ],
      [
        "Failed to update password without an answer",
        () => {
          throw new NetworkDown();
        },
        AUTH_MESSAGES.passwordUpdateFailed,
      ],
    ])("a failure alerts with %s and keeps the dialog open", async (_case, reply, message) => {
      const user = userEvent.setup();
      renderProfile({ "PUT /api/profile/password": reply });
      const dialog = await openChangePassword(user);
      await user.type(within(dialog).getByLabelText("Current Password"), "wrong-one");
      await user.type(within(dialog).getByLabelText("New Password"), "monsoon-ledger-77");
      await user.type(within(dialog).getByLabelText("Confirm New Password"), "monsoon-ledger-77");
      await user.click(within(dialog).getByRole("button", { name: "Update Password" }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
      expect(screen.getByRole("dialog")).toBeTruthy();
    });

    it("Cancel closes without sending", async () => {
      const user = userEvent.setup();
      const { api } = renderProfile();
      const dialog = await openChangePassword(user);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(api.callsTo("PUT /api/profile/password")).toHaveLength(0);
    });
  });

  describe("profile image", () => {
    const png = (bytes: number) =>
      new File([new Uint8Array(bytes)], "me.png", { type: "image/png" });

    it("uploads a PNG as the raw body and shows it", async () => {
      const user = userEvent.setup();
      const withImage = { ...TEST_USER, profileImage: "/api/profile/image?v=1" };
      const { api } = renderProfile({
        "PUT /api/profile/image": () => ok({ user: withImage }, ACCOUNT_MESSAGES.imageUpdated),
      });
      const file = png(1024);
      await user.upload(await screen.findByLabelText("Upload Photo"), file);
      const image = await screen.findByRole("img", { name: "Profile photo of Asha Rao" });
      expect(image.getAttribute("src")).toBe("/api/profile/image?v=1");
      const [request] = api.callsTo("PUT /api/profile/image");
      expect(request?.body).toBe(file);
      expect(request?.headers.get("content-type")).toBe("image/png");
      expect(screen.getByLabelText("Change Photo")).toBeTruthy();
    });

    it("refuses other types and files over 2 MB before sending", async () => {
      const user = userEvent.setup({ applyAccept: false });
      const { api } = renderProfile();
      const picker = await screen.findByLabelText("Upload Photo");
      await user.upload(picker, new File(["GIF89a"], "me.gif", { type: "image/gif" }));
      expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.imageInvalid);
      await user.upload(picker, png(2 * 1024 * 1024 + 1));
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe(ACCOUNT_MESSAGES.imageTooLarge),
      );
      expect(api.callsTo("PUT /api/profile/image")).toHaveLength(0);
    });

    it("shows the server's refusal", async () => {
      const user = userEvent.setup();
      renderProfile({
        "PUT /api/profile/image": () => fail(400, ACCOUNT_MESSAGES.imageInvalid),
      });
      await user.upload(await screen.findByLabelText("Upload Photo"), png(10));
      expect((await screen.findByRole("alert")).textContent).toBe(ACCOUNT_MESSAGES.imageInvalid);
    });

    it("removes the image and shows the initials again", async () => {
      const user = userEvent.setup();
      const { api } = renderProfile({
        "GET /api/profile": () => ok({ ...profileOf(TEST_USER), profileImage: "/img" }),
        "DELETE /api/profile/image": () => ok({ user: TEST_USER }, ACCOUNT_MESSAGES.imageRemoved),
      });
      await user.click(await screen.findByRole("button", { name: "Remove Photo" }));
      expect(await screen.findByRole("img", { name: "Asha Rao's initials" })).toBeTruthy();
      expect(api.callsTo("DELETE /api/profile/image")).toHaveLength(1);
      expect(screen.queryByRole("button", { name: "Remove Photo" })).toBeNull();
    });
  });
});
