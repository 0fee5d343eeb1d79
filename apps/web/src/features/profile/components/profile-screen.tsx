import type { User } from "@kalpa/contracts/api/session";
import { AUTH_MESSAGES } from "@kalpa/contracts/messages";
import { RotateCw, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { Container } from "@/components/ui/container";
import { FormMessage } from "@/components/ui/form-message";
import { PageLoading } from "@/components/ui/page-loading";
import { TextField } from "@/components/ui/text-field";
import { useTranslation } from "@/i18n";
import { useProfile } from "../api/get-profile";
import { ChangePasswordDialog } from "./change-password-dialog";
import { EditableField, type EditableKey } from "./editable-field";
import { ProfilePhoto } from "./profile-photo";
import "@/features/profile/i18n/en";

const cardStyles =
  "rounded-2xl border border-white/10 bg-ink-900/70 p-5 shadow-xl shadow-black/30 sm:p-7";

/**
 * /profile (spec sections 2 to 4): photo, name and mobile (editable one at a time), username and e-mail
 * (read-only), and the Change Password modal. `onUserChanged` hears of every change the server confirms.
 */
export function ProfileScreen({
  title,
  onUserChanged,
}: {
  title: string;
  onUserChanged?: (user: User) => void;
}) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [editing, setEditing] = useState<EditableKey | null>(null);
  const [passwordChanged, setPasswordChanged] = useState(false);

  let body: ReactNode;
  if (profile.isPending) {
    body = <PageLoading />;
  } else if (profile.isError) {
    body = (
      <div className={cardStyles}>
        <FormMessage tone="error">{t("profile.loadFailed")}</FormMessage>
        <button
          type="button"
          onClick={() => void profile.refetch()}
          disabled={profile.isFetching}
          className={buttonStyles({ variant: "secondary", className: "mt-4" })}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t("common.retry")}
        </button>
      </div>
    );
  } else {
    const data = profile.data;
    const editable = (field: EditableKey) => ({
      field,
      editing: editing === field,
      locked: editing !== null && editing !== field,
      onEdit: () => setEditing(field),
      onDone: () => setEditing(null),
      onUserChanged,
    });
    body = (
      <div className="space-y-6">
        <section aria-label={t("profile.photo")} className={cardStyles}>
          <ProfilePhoto profile={data} onUserChanged={onUserChanged} />
        </section>

        <section aria-labelledby="profile-details" className={cardStyles}>
          <h2 id="profile-details" className="text-lg font-semibold text-white">
            {t("profile.details")}
          </h2>
          <div className="mt-2 divide-y divide-white/10">
            <EditableField
              {...editable("name")}
              label={t("profile.name")}
              value={data.name}
              inputProps={{ autoComplete: "name", name: "name" }}
            />
            <ReadOnlyField label={t("profile.username")} value={data.username} />
            <ReadOnlyField label={t("profile.email")} value={data.email} type="email" />
            <EditableField
              {...editable("mobile")}
              label={t("profile.mobile")}
              value={data.mobile}
              inputProps={{
                autoComplete: "tel-national",
                inputMode: "numeric",
                type: "tel",
                name: "mobile",
              }}
            />
          </div>
        </section>

        <section aria-labelledby="profile-security" className={cardStyles}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2
                id="profile-security"
                className="flex items-center gap-2 text-lg font-semibold text-white"
              >
                <ShieldCheck aria-hidden="true" className="size-5 text-accent-300" />
                {t("profile.security")}
              </h2>
              <p className="mt-1 text-sm text-ink-300">{t("profile.securityBody")}</p>
            </div>
            <ChangePasswordDialog onChanged={() => setPasswordChanged(true)} />
          </div>
          {passwordChanged ? (
            <FormMessage tone="success" role="alert" className="mt-4">
              {AUTH_MESSAGES.passwordUpdated}
            </FormMessage>
          ) : null}
        </section>
      </div>
    );
  }

  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <h1 className="mb-6 text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          {title}
        </h1>
        {body}
      </div>
    </Container>
  );
}

function ReadOnlyField({ label, value, type }: { label: string; value: string; type?: string }) {
  const { t } = useTranslation();
  return (
    <div className="py-4">
      <TextField label={label} value={value} type={type} readOnly hint={t("profile.readOnly")} />
    </div>
  );
}
