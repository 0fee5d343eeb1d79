/**
 * The four models by id, with their default parameters.
 */
import type { ModelId } from "@kalpa/contracts/names";
import { Hft } from "./hft";
import { KalpaVruksha } from "./kalpa-vruksha";
import type { SignalModel } from "./signal-model";
import { Yamuna } from "./yamuna";

/** A fresh model (empty indicators) for `id`. */
export function createModel(id: ModelId): SignalModel {
  switch (id) {
    case "Nifty:KalpaVruksha":
    case "BankNifty:KalpaVruksha":
      return new KalpaVruksha(id);
    case "BankNifty:HFT":
      return new Hft();
    case "CrudeOil:Yamuna":
      return new Yamuna();
  }
}
