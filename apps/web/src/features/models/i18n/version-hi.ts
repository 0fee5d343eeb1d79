/** Hindi names of a signal's model version (the live card, the journal). */
import type { modelVersionEn } from "./version-en";

export const modelVersionHi: typeof modelVersionEn = {
  model: "मॉडल वर्ज़न {{version}}",
  manual: "ऑपरेटर का मैनुअल सिग्नल",
  before: "मॉडल वर्ज़न रिकॉर्ड होने से पहले बना",
  openCard: "मॉडल कार्ड खोलें",
  short: "v {{version}}",
  manualShort: "मैनुअल",
  beforeShort: "वर्ज़न से पहले",
};
