/**
 * What the browser is told about an account: the contracts' UserSchema fields and nothing else (the
 * response schemas drop anything more, this mapping never offers it).
 */
import type { Profile, User } from "@kalpa/contracts/api/session";
import { keptSuccess } from "../../lib/kept-answers";
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
    language: record.language,
  };
}

export function toProfile(record: UserRecord): Profile {
  const { name, username, email, mobile, profileImage } = toUser(record);
  return { name, username, email, mobile, profileImage };
}

/**
 * GET /api/auth/me's and GET /api/profile's answers for a user's record, made once per record: the session
 * read cache hands every request of the next half second the same record (decision 022), so its answers are
 * kept with it and written once.
 */
const meAnswers = new WeakMap<UserRecord, { success: true; data: { user: User } }>();
const profileAnswers = new WeakMap<UserRecord, { success: true; data: Profile }>();

export function meAnswer(record: UserRecord): { success: true; data: { user: User } } {
  let answer = meAnswers.get(record);
  if (!answer) {
    answer = keptSuccess({ user: toUser(record) });
    meAnswers.set(record, answer);
  }
  return answer;
}

export function profileAnswer(record: UserRecord): { success: true; data: Profile } {
  let answer = profileAnswers.get(record);
  if (!answer) {
    answer = keptSuccess(toProfile(record));
    profileAnswers.set(record, answer);
  }
  return answer;
}
