/** English strings of the profile page. */
import { addEnglish } from "@/i18n";

export const profileEn = {
  loadFailed: "We couldn't load your profile. Please check your connection and try again.",
  photo: "Profile photo",
  photoAlt: "Profile photo of {{name}}",
  initialsAlt: "{{name}}'s initials",
  uploadPhoto: "Upload Photo",
  changePhoto: "Change Photo",
  uploading: "Uploading...",
  removePhoto: "Remove Photo",
  removing: "Removing...",
  photoHint: "PNG, JPEG or WebP, up to 2 MB.",
  uploadFailed: "Failed to upload the image. Please try again.",
  removeFailed: "Failed to remove the image. Please try again.",
  details: "Account details",
  name: "Name",
  username: "Username",
  email: "Email",
  mobile: "Mobile Number",
  readOnly: "This cannot be changed.",
  update: "Update",
  updateField: "Update {{field}}",
  save: "Save",
  saving: "Saving...",
  cancel: "Cancel",
  updateFailed: "Failed to update your profile. Please try again.",
  security: "Security",
  securityBody: "Change the password you use to sign in.",
  changePassword: "Change Password",
  changePasswordDescription: "Enter your current password, then choose a new one.",
  currentPassword: "Current Password",
  newPassword: "New Password",
  newPasswordHint: "At least 6 characters.",
  confirmNewPassword: "Confirm New Password",
  updatePassword: "Update Password",
  updatingPassword: "Updating...",
};

addEnglish({ profile: profileEn });

declare module "@/i18n/registry" {
  interface FeatureStrings {
    profile: typeof profileEn;
  }
}
