import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from "@kalpa/contracts/api/auth";
import type { Profile, User } from "@kalpa/contracts/api/session";
import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { buttonStyles } from "@/components/ui/button-styles";
import { FormMessage } from "@/components/ui/form-message";
import { useTranslation } from "@/i18n";
import { cn } from "@/lib/cn";
import { notify } from "@/lib/notify";
import { useDeleteProfileImage } from "../api/delete-profile-image";
import { useUploadProfileImage } from "../api/upload-profile-image";
import { failureMessage } from "../utils/failure-message";
import { ProfileAvatar } from "./profile-avatar";
import "@/features/profile/i18n/en";

/**
 * The avatar with Upload / Change Photo and Remove Photo. Type and size are checked here for a quick
 * answer; the server decides (it reads the bytes) and its message is shown when it refuses.
 */
export function ProfilePhoto({
  profile,
  onUserChanged,
}: {
  profile: Profile;
  onUserChanged?: (user: User) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadProfileImage({ onUserChanged });
  const remove = useDeleteProfileImage({ onUserChanged });
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    input.value = "";
    if (!file) return;
    setError(null);
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(ACCOUNT_MESSAGES.imageInvalid);
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError(ACCOUNT_MESSAGES.imageTooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ message }) => notify.success(message ?? ACCOUNT_MESSAGES.imageUpdated),
      onError: (failure) => setError(failureMessage(failure, t("profile.uploadFailed"))),
    });
  };

  const onRemove = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: ({ message }) => notify.success(message ?? ACCOUNT_MESSAGES.imageRemoved),
      onError: (failure) => setError(failureMessage(failure, t("profile.removeFailed"))),
    });
  };

  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-center sm:text-left">
      <ProfileAvatar name={profile.name} image={profile.profileImage} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-xl font-semibold text-white">{profile.name}</p>
        <p className="truncate text-sm text-ink-300">{profile.username}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">
          <label
            className={cn(
              buttonStyles({ variant: "secondary", size: "sm" }),
              "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400",
              busy ? "pointer-events-none opacity-50" : undefined,
            )}
          >
            <input
              type="file"
              accept={PROFILE_IMAGE_TYPES.join(",")}
              onChange={onFile}
              disabled={busy}
              aria-describedby="profile-photo-hint"
              className="sr-only"
            />
            <ImageUp aria-hidden="true" className="size-4" />
            {upload.isPending
              ? t("profile.uploading")
              : profile.profileImage
                ? t("profile.changePhoto")
                : t("profile.uploadPhoto")}
          </label>
          {profile.profileImage ? (
            <button
              type="button"
              onClick={onRemove}
              disabled={busy}
              className={buttonStyles({ variant: "ghost", size: "sm" })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? t("profile.removing") : t("profile.removePhoto")}
            </button>
          ) : null}
        </div>
        <p id="profile-photo-hint" className="mt-2 text-xs text-ink-400">
          {t("profile.photoHint")}
        </p>
        {error ? (
          <FormMessage tone="error" className="mt-3 text-left">
            {error}
          </FormMessage>
        ) : null}
      </div>
    </div>
  );
}
