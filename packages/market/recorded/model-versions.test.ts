import { MODEL_IDS } from "@kalpa/contracts/names";
import { describe, expect, it } from "vitest";
import { MODEL_VERSION_HISTORY } from "../src/models/model-versions";
import { computeModelVersion, nextHistory, renderVersionsFile } from "./model-versions";

const STALE = "packages/market/src/models/model-versions.ts is stale: run npm run model-versions";

describe("model versions", () => {
  it.each(MODEL_IDS)("%s: the committed version is the hash of its parameters and code", (id) => {
    const computed = computeModelVersion(id);
    const current = MODEL_VERSION_HISTORY[id].at(-1);
    expect(current?.version, STALE).toBe(computed.version);
    expect(current?.files, STALE).toEqual(computed.files);
    expect(computed.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it("gives every model its own version, and hashes the shared rules with each", () => {
    const versions = MODEL_IDS.map((id) => computeModelVersion(id));
    expect(new Set(versions.map((item) => item.version)).size).toBe(MODEL_IDS.length);
    for (const { files } of versions) {
      expect(files).toEqual(
        expect.arrayContaining([
          "models/signal-intent.ts",
          "models/signal-model.ts",
          "signals/model-runner.ts",
        ]),
      );
      expect(files).not.toContain("models/model-versions.ts");
    }
  });

  it("keeps an unchanged version's day and adds a changed one dated today", () => {
    const computed = Object.fromEntries(
      MODEL_IDS.map((id) => [id, computeModelVersion(id)]),
    ) as Parameters<typeof nextHistory>[1];
    const hft = { ...computed["BankNifty:HFT"], version: "000000000000" };
    const next = nextHistory(
      MODEL_VERSION_HISTORY,
      { ...computed, "BankNifty:HFT": hft },
      "2030-01-02",
    );
    expect(next["CrudeOil:Yamuna"]).toEqual(MODEL_VERSION_HISTORY["CrudeOil:Yamuna"]);
    expect(next["BankNifty:HFT"].slice(0, -1)).toEqual(MODEL_VERSION_HISTORY["BankNifty:HFT"]);
    expect(next["BankNifty:HFT"].at(-1)).toEqual({ ...hft, since: "2030-01-02" });
  });

  it("renders the committed file as the script writes it", async () => {
    const { readFile } = await import("node:fs/promises");
    const committed = await readFile(
      new URL("../src/models/model-versions.ts", import.meta.url),
      "utf8",
    );
    const history = nextHistory(
      MODEL_VERSION_HISTORY,
      Object.fromEntries(MODEL_IDS.map((id) => [id, computeModelVersion(id)])) as Parameters<
        typeof nextHistory
      >[1],
      "2030-01-02",
    );
    expect(committed.replace(/\r\n?/g, "\n"), STALE).toBe(renderVersionsFile(history));
  });
});
