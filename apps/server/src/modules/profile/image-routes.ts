/**
 * The profile image: PUT takes the file's bytes as the request body (at most 2 MB; the type is decided by
 * the bytes), GET serves the signed-in user's own image, DELETE removes it. Registered as its own
 * encapsulated plugin so that its body parsers and its error wording apply to these routes only.
 */

import { ACCOUNT_MESSAGES } from "@kalpa/contracts/account-messages";
import {
  deleteProfileImageEndpoint,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageEndpoint,
} from "@kalpa/contracts/api/auth";
import { successEnvelope } from "@kalpa/contracts/envelope";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { authOf } from "../auth/require-user";
import { toUser } from "../auth/user-dto";
import type { ProfileService } from "./service";

const tags = ["profile"];
/** Declared types the upload accepts; the bytes decide what the file really is. */
const UPLOAD_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp", "application/octet-stream"];

export const profileImageRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (
  app,
  opts,
) => {
  const { profile } = opts;
  app.addHook("onRequest", app.requireUser);
  app.addContentTypeParser(
    UPLOAD_CONTENT_TYPES,
    { parseAs: "buffer", bodyLimit: PROFILE_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // Fastify's own wording for an oversized or untyped body is replaced by the product's; anything else
  // goes on to the app's error handler (a handler that throws hands the error to its parent).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", ACCOUNT_MESSAGES.imageTooLarge);
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      throw new AppError("BAD_REQUEST", ACCOUNT_MESSAGES.imageInvalid);
    }
    throw error;
  });

  app.put(
    profileImageEndpoint.path,
    {
      bodyLimit: PROFILE_IMAGE_MAX_BYTES,
      schema: {
        tags,
        summary: "Upload the profile image (PNG, JPEG or WebP, at most 2 MB) as the request body",
        response: { 200: successEnvelope(profileImageEndpoint.response) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const user = await profile.putImage(authOf(request).user.id, body);
      return {
        success: true as const,
        data: { user: toUser(user) },
        message: ACCOUNT_MESSAGES.imageUpdated,
      };
    },
  );

  app.get(
    profileImageEndpoint.path,
    {
      schema: {
        tags,
        summary: "The signed-in user's profile image",
        querystring: z.object({ v: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const image = await profile.getImage(authOf(request).user.id);
      // The URL names the version: while it matches, the browser may keep the image for good.
      reply.header(
        "cache-control",
        request.query.v === image.version
          ? "private, max-age=31536000, immutable"
          : "private, no-cache",
      );
      reply.header("x-content-type-options", "nosniff");
      reply.header("content-disposition", "inline");
      return reply.type(image.contentType).send(image.bytes);
    },
  );

  app.delete(
    deleteProfileImageEndpoint.path,
    {
      schema: {
        tags,
        summary: "Remove the profile image",
        response: { 200: successEnvelope(deleteProfileImageEndpoint.response) },
      },
    },
    async (request) => {
      const user = await profile.removeImage(authOf(request).user.id);
      return {
        success: true as const,
        data: { user: toUser(user) },
        message: ACCOUNT_MESSAGES.imageRemoved,
      };
    },
  );
};
