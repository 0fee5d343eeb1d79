/**
 * The ledger's RFC 3161 time-stamps (docs/record-format.md, section 8). When LEDGER_TSA_URL is set, each
 * signed day head is stamped by that authority: a TimeStampReq over SHA-256 of the head's signed message is
 * POSTed as application/timestamp-query (RFC 3161 §3.4), and the token of a granted answer is kept with the
 * head. The answer is checked as §2.4.2 asks of a requester before it is kept: its imprint is the one sent
 * and its nonce the one sent, so a token for another request (a replay, a mix-up) is never published.
 *
 * A stamp that fails (the authority unreachable, slow, refusing) is reported, never thrown: publishing goes
 * on without it and the head is stamped at a later publication.
 */
import {
  imprintMatches,
  messageImprintOf,
  readTimeStampResponse,
  readTimeStampToken,
  timeStampRequest,
} from "@kalpa/verify";

/** An authority that does not answer within this is taken as unreachable for this publication. */
export const TIME_STAMP_TIMEOUT_MS = 10_000;

/** What an authority's answer may weigh: a token with a certificate chain is a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

export type TimeStampResult =
  | { ok: true; token: string; genTime: number }
  | { ok: false; reason: string };

export interface TimeStamper {
  /** The authority's URL, for logs. */
  readonly url: string;
  /** Stamps SHA-256 of the message; the token is base64 of its DER. */
  stamp(message: string): Promise<TimeStampResult>;
}

export function createTimeStamper(
  url: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): TimeStamper {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? TIME_STAMP_TIMEOUT_MS;

  async function stamp(message: string): Promise<TimeStampResult> {
    const imprint = messageImprintOf(message);
    const request = timeStampRequest(imprint);
    let body: Buffer;
    try {
      const response = await fetchImpl(url, {
        method: "POST",
        headers: {
          "content-type": "application/timestamp-query",
          accept: "application/timestamp-reply",
        },
        body: new Uint8Array(request.der),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `the authority answered HTTP ${response.status}` };
      }
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const name = (error as Error).name;
      return {
        ok: false,
        reason:
          name === "TimeoutError"
            ? `the authority did not answer within ${timeoutMs} ms`
            : `the authority could not be reached${cause ? ` (${cause})` : ""}`,
      };
    }
    if (body.length > MAX_ANSWER_BYTES) return { ok: false, reason: "the answer is too large" };
    try {
      const answer = readTimeStampResponse(body);
      if (!answer.granted) return { ok: false, reason: `the authority refused: ${answer.reason}` };
      const { info } = readTimeStampToken(answer.token);
      if (!imprintMatches(info, message)) {
        return { ok: false, reason: "the token stamps another message than the one sent" };
      }
      if (info.nonce !== request.nonce) {
        return { ok: false, reason: "the token's nonce is not the request's" };
      }
      return { ok: true, token: answer.token.toString("base64"), genTime: info.genTime.getTime() };
    } catch (error) {
      return {
        ok: false,
        reason: `the answer is not an RFC 3161 reply: ${(error as Error).message}`,
      };
    }
  }

  return { url, stamp };
}
