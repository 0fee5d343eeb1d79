/**
 * What the browser is told about an account: the contracts' UserSchema fields and nothing else (the
 * response schemas drop anything more, this mapping never offers it).
 */
import type { Profile, User } from "@kalpa/contracts/api/session";
import type { UserRecord } from "./user-repository";

export const PROFILE_IMAGE_PATH = "/api/profile/image";

/** The image's URL names its version, so a browser may cache it for good and a new picture is a new URL. */
export function profileImageUrl(version: string | null): string | null {
  return version === null ? null : `${PROFILE_IMAGE_PATH}?v=${encodeURIComponent(version)}`;
}

export function toUser(record: UserRecord): User {
  return {
    id: String(record.id),
    name: record.name,
    username: record.username,
    email: record.email,
    mobile: record.mobile,
    profileImage: profileImageUrl(record.imageVersion),
    role: record.role,
    createdAt: record.createdAt.toISOString(),
  };
}

export function toProfile(record: UserRecord): Profile {
  const { name, username, email, mobile, profileImage } = toUser(record);
  return { name, username, email, mobile, profileImage };
}
