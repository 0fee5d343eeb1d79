import type { modelVersionEn } from "./version-en";

/** Model versions' Telugu strings (same shape as English). */
export const modelVersionTe: typeof modelVersionEn = {
  model: "మోడల్ వెర్షన్ {{version}}",
  manual: "ఆపరేటర్ ఇచ్చిన మాన్యువల్ సిగ్నల్",
  before: "మోడల్ వెర్షన్‌లు నమోదు చేయకముందు వచ్చిన సిగ్నల్",
  openCard: "మోడల్ కార్డును తెరవండి",
  short: "వెర్షన్ {{version}}",
  manualShort: "మాన్యువల్",
  beforeShort: "వెర్షన్‌లకు ముందు",
};
