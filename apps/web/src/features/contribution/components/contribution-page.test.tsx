import {
  RISK_DISCLOSURE_AGREEMENT_FILENAME,
  RISK_DISCLOSURE_AGREEMENT_PATH,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testStatus } from "@/test/access";
import { renderApp, TEST_SITE } from "@/test/render-app";

const SLOW = { timeout: 5000 };

/** Opens the page and waits for the user's status (the agreement's lines) to arrive. */
async function open(path: string, options: Parameters<typeof renderApp>[1] = {}) {
  const result = renderApp(path, options);
  await screen.findByRole("heading", { level: 1, name: "Contribution" }, SLOW);
  if (options.status !== "error") await screen.findByText(/^Accepted online on|^Not accepted/);
  return result;
}

function selected() {
  return within(screen.getByRole("region", { name: "Selected services" }));
}

/** The services in the selection, as their rows read. */
function rows(): string[] {
  return within(screen.getByRole("list", { name: "Selected services" }))
    .getAllByRole("listitem")
    .map((item) => item.textContent ?? "");
}

function chat(): HTMLElement {
  return screen.getByRole("link", { name: /Continue on WhatsApp/ });
}

/** The chat link's number and its pre-filled text. */
function chatTarget(): { number: string; text: string } {
  const url = new URL(chat().getAttribute("href") ?? "");
  expect(url.origin).toBe("https://wa.me");
  return { number: url.pathname.slice(1), text: url.searchParams.get("text") ?? "" };
}

describe("/whatsapp-contact, the Contribution page", () => {
  it("starts with the service passed to it, without a total for one", async () => {
    await open("/whatsapp-contact?service=banknifty");
    expect(rows()).toEqual([expect.stringContaining("BankNifty₹4,999 per month")]);
    expect(selected().queryByText("Total")).toBeNull();
    expect(chatTarget()).toEqual({
      number: TEST_SITE.operator.whatsapp,
      text: [
        "Hello R. Founder,",
        "I am Asha Rao (username: asha_rao).",
        "I would like to contribute for BankNifty research access: ₹4,999 per month.",
        "I will send my signed risk disclosure agreement.",
        "Please share how to make the contribution.",
      ].join("\n"),
    });
    expect(chat().getAttribute("target")).toBe("_blank");
    expect(chat().getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("adds and removes services, with the total (Indian format) once there are two or more", async () => {
    const user = userEvent.setup();
    const { router } = await open("/whatsapp-contact?service=nifty");
    await user.click(screen.getByRole("button", { name: "Add BankNifty" }));
    expect(rows()).toEqual([
      expect.stringMatching(/^Nifty₹/),
      expect.stringMatching(/^BankNifty₹/),
    ]);
    const total = selected().getByText("Total").parentElement;
    expect(total?.textContent).toBe("Total₹9,998 per month");
    expect(router.location.search).toBe("?service=nifty&service=banknifty");
    expect(chatTarget().text).toContain(
      "I would like to contribute for Nifty and BankNifty research access: ₹4,999 each per month, ₹9,998 per month in total.",
    );

    await user.click(screen.getByRole("button", { name: "Add CrudeOil" }));
    expect(selected().getByText("Total").parentElement?.textContent).toBe("Total₹14,997 per month");
    expect(chatTarget().text).toContain("Nifty, BankNifty and CrudeOil");
    expect(screen.queryByRole("button", { name: /^Add / })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove Nifty" }));
    await user.click(screen.getByRole("button", { name: "Remove CrudeOil" }));
    expect(selected().queryByText("Total")).toBeNull();
    expect(chatTarget().text).toContain("for BankNifty research access: ₹4,999 per month.");
    expect(router.location.search).toBe("?service=banknifty");

    await user.click(screen.getByRole("button", { name: "Remove BankNifty" }));
    expect(selected().getByText("No service selected yet. Add one below.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Continue on WhatsApp/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Continue on WhatsApp/ })).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.getByText("Choose at least one service to continue.")).toBeTruthy();
  });

  it("shows the risk disclosure agreement's status and how to send the signed copy", async () => {
    await open("/whatsapp-contact?service=nifty");
    const agreement = within(screen.getByRole("region", { name: "Risk Disclosure Agreement" }));
    expect(agreement.getByText("Accepted online on 1 Mar 2026")).toBeTruthy();
    expect(agreement.getByText("Signed copy not received yet")).toBeTruthy();
    const download = agreement.getByRole("link", { name: "Download the agreement" });
    expect(download.getAttribute("href")).toBe(RISK_DISCLOSURE_AGREEMENT_PATH);
    expect(download.getAttribute("download")).toBe(RISK_DISCLOSURE_AGREEMENT_FILENAME);
    const steps = agreement.getAllByRole("listitem").map((item) => item.textContent);
    expect(steps).toContain("Print it, fill in the declaration at the end by hand and sign it.");
    expect(steps.at(-1)).toBe(
      "Send a clear scan or photo of every page on WhatsApp to +91 98765 43210, or e-mail it to founder@example.com. You can also post the signed original: ask R. Founder for the postal address.",
    );
  });

  it("says when the signed copy has been received, and the message no longer promises it", async () => {
    await open("/whatsapp-contact?service=nifty", {
      status: testStatus({
        riskDisclosure: { signedCopyReceived: true, signedCopyReceivedOn: "2026-03-05" },
      }),
    });
    const agreement = within(screen.getByRole("region", { name: "Risk Disclosure Agreement" }));
    expect(agreement.getByText("Signed copy received on 5 Mar 2026")).toBeTruthy();
    expect(chatTarget().text).not.toContain("risk disclosure agreement");
  });

  it("says so when the agreement's status or the founder's contact cannot be loaded", async () => {
    await open("/whatsapp-contact?service=nifty", { status: "error", site: "error" });
    expect(
      await screen.findByText("The status of your agreement could not be loaded."),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "The founder's contact details are unavailable right now. Please try again later.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Continue on WhatsApp/ })).toBeNull();
  });

  it("Back returns to the page before", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/pricing");
    await user.click(
      (await screen.findAllByRole("link", { name: /^Get Started/ }, SLOW))[0] as HTMLElement,
    );
    await user.click(await screen.findByRole("button", { name: "Proceed" }, SLOW));
    await screen.findByRole("heading", { level: 1, name: "Contribution" }, SLOW);
    // Changing the selection is not a step in the history.
    await user.click(screen.getByRole("button", { name: "Add CrudeOil" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.location.pathname).toBe("/trading-services"));
    expect(router.location.search).toBe("?service=nifty");
    await router.navigate(-1);
    expect(router.location.pathname).toBe("/pricing");
  });

  it("Back goes to the services when the page was opened directly", async () => {
    const user = userEvent.setup();
    const { router } = await open("/whatsapp-contact?service=nifty");
    await user.click(screen.getByRole("button", { name: "Add CrudeOil" }));
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.location.pathname).toBe("/trading-services"));
    expect(router.location.search).toBe("");
  });

  it("ignores unknown services and repeats in the URL", async () => {
    await open("/whatsapp-contact?service=gold&service=NIFTY&service=nifty");
    expect(rows()).toEqual([expect.stringMatching(/^Nifty₹/)]);
  });
});
