/**
 * The Bot API objects the double sends and receives, with the fields it fills in
 * (https://core.telegram.org/bots/api#available-types). Optional fields it never fills are left out.
 */

/** https://core.telegram.org/bots/api#user */
export interface User {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** What getMe answers: a User with the fields "returned only in getMe". */
export interface BotUser extends User {
  is_bot: true;
  username: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  can_connect_to_business: boolean;
  has_main_web_app: boolean;
}

/** https://core.telegram.org/bots/api#chat */
export interface Chat {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}

/** https://core.telegram.org/bots/api#messageentity */
export interface MessageEntity {
  type: string;
  /** In UTF-16 code units. */
  offset: number;
  /** In UTF-16 code units. */
  length: number;
  url?: string;
  user?: User;
  language?: string;
  custom_emoji_id?: string;
}

/** https://core.telegram.org/bots/api#message (the fields of a text message). */
export interface Message {
  message_id: number;
  from?: User;
  /** Unix time, seconds. */
  date: number;
  chat: Chat;
  text?: string;
  entities?: MessageEntity[];
  link_preview_options?: unknown;
  /** Only an inline keyboard is attached to a message (other markups act on the client). */
  reply_markup?: unknown;
}

/** https://core.telegram.org/bots/api#callbackquery */
export interface CallbackQuery {
  id: string;
  from: User;
  message?: Message;
  chat_instance: string;
  data?: string;
}

/** https://core.telegram.org/bots/api#chatmember (the two statuses a private chat's bot sees). */
export interface ChatMember {
  status: "member" | "kicked";
  user: User;
  until_date?: number;
}

/** https://core.telegram.org/bots/api#chatmemberupdated */
export interface ChatMemberUpdated {
  chat: Chat;
  from: User;
  date: number;
  old_chat_member: ChatMember;
  new_chat_member: ChatMember;
}

/**
 * https://core.telegram.org/bots/api#update: `update_id` and at most one other field, whose name is
 * the update's type (what `allowed_updates` names).
 */
export interface Update {
  update_id: number;
  message?: Message;
  edited_message?: Message;
  callback_query?: CallbackQuery;
  my_chat_member?: ChatMemberUpdated;
  [type: string]: unknown;
}

/** https://core.telegram.org/bots/api#botcommand */
export interface BotCommand {
  command: string;
  description: string;
}

/** https://core.telegram.org/bots/api#webhookinfo */
export interface WebhookInfo {
  url: string;
  has_custom_certificate: boolean;
  pending_update_count: number;
  ip_address?: string;
  last_error_date?: number;
  last_error_message?: string;
  max_connections?: number;
  allowed_updates?: string[];
}
