import { ACCESS_KEYS, type AccessKey } from "@kalpa/contracts/names";
import { useState } from "react";
import { useTranslation } from "@/i18n";
import { Choice, ChoiceGroup, TextAreaField } from "./fields";
import "@/features/admin/i18n/en";

/**
 * The instruments an action applies to and its optional reason, as the switch and end-access forms ask
 * for them: `body()` is what their requests send.
 */
export function useInstrumentChoice() {
  const [chosen, setChosen] = useState<AccessKey[]>([]);
  const [reason, setReason] = useState("");
  return {
    chosen,
    setChosen,
    reason,
    setReason,
    body: () => ({
      instruments: chosen,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
  };
}

/** A checkbox for each offered instrument (kept in ACCESS_KEYS order) and the reason's text area. */
export function InstrumentChoiceFields({
  offered,
  choice,
}: {
  offered: readonly AccessKey[];
  choice: ReturnType<typeof useInstrumentChoice>;
}) {
  const { t } = useTranslation();
  const { chosen, setChosen, reason, setReason } = choice;
  return (
    <>
      <ChoiceGroup legend={t("admin.grant.instruments")}>
        {offered.map((key) => (
          <Choice
            key={key}
            type="checkbox"
            label={key}
            checked={chosen.includes(key)}
            onChange={(event) =>
              setChosen((current) =>
                ACCESS_KEYS.filter((candidate) =>
                  candidate === key ? event.target.checked : current.includes(candidate),
                ),
              )
            }
          />
        ))}
      </ChoiceGroup>
      <TextAreaField
        label={`${t("admin.switch.reason")} ${t("admin.common.optional")}`}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </>
  );
}
