/**
 * The one Drizzle schema (PostgreSQL dialect; must stay acceptable to PostgreSQL 15 and PGlite).
 * Change it, then run `npm run db:generate -w @kalpa/server` to add a migration.
 */
import type { ForecastPart } from "@kalpa/contracts/api/forecast";
import type { TradeCharges } from "@kalpa/contracts/api/paper";
import type { Officer } from "@kalpa/contracts/api/research-analyst";
import type { AccessKey } from "@kalpa/contracts/names";
import type { PartLevels } from "@kalpa/market/forecasts/generate-forecast";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Raw bytes. node-postgres hands back a Buffer, PGlite a Uint8Array: both leave as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`);

/** Every admin action and every access change (DESIGN.md section 5). Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * Who acted: a user id (the account rules' own entries), an admin's username (access and the operator
     * console), "cli" for the command line, or "system" for the engine.
     */
    actor: text("actor").notNull(),
    /** What happened, dotted: "subscription.granted", "user.role_changed". */
    action: text("action").notNull(),
    /** What it happened to: "user:42", "subscription:7". */
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_target_idx").on(table.target),
  ],
);

/**
 * Accounts. The username keeps the case it was registered with but is unique whatever the case; the e-mail
 * is stored in lower case. An account can sign in once `verified_at` is set (the sign-up OTP).
 */
export const users = pgTable(
  "users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    mobile: text("mobile").notNull(),
    /** argon2id, PHC string. Never leaves the server (response schemas are allow-lists). */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** The account's language (e-mails, alerts, the server's messages): 'en', 'te' or 'hi' (issue 38). */
    language: text("language", { enum: ["en", "te", "hi"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_idx").on(table.email),
    check("users_role_check", sql`${table.role} in ('user', 'admin')`),
    check("users_language_check", sql`${table.language} in ('en', 'te', 'hi')`),
  ],
);

/**
 * Signed-in browsers. The cookie holds a 256-bit random token; only its SHA-256 is stored, so a copy of this
 * table cannot be replayed. A session ends by expiry or by `revoked_at` (logout, password change, a login
 * elsewhere in single-session mode).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().default(sql`now()`),
    ip: text("ip"),
    userAgent: text("user_agent"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_idx").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
  ],
);

/**
 * One-time codes sent by e-mail: the sign-up OTP and the password-reset OTP. One row per (user, purpose):
 * sending a new code replaces the old one. The code is stored as a salted SHA-256. For a reset, a verified
 * code leads to a short-lived grant (a cookie whose SHA-256 is `grant_hash`) that reset-password requires.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["signup", "reset"] }).notNull(),
    codeSalt: text("code_salt").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    grantHash: text("grant_hash"),
  },
  (table) => [
    uniqueIndex("verifications_user_purpose_idx").on(table.userId, table.purpose),
    uniqueIndex("verifications_grant_hash_idx").on(table.grantHash),
    check("verifications_purpose_check", sql`${table.purpose} in ('signup', 'reset')`),
  ],
);

/**
 * At most one profile image per user, in the database so that every process serves it without shared
 * storage. `version` is a digest of the bytes: the image URL changes exactly when the picture does.
 */
export const profileImages = pgTable("profile_images", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  version: text("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Price bars the engine completed: daily bars (a year and more of history) and 1-minute bars for the last
 * sessions (older ones are pruned). 5 and 15-minute bars are aggregated from the 1-minute ones on request.
 * `time` is the start of the bar's bucket; a bar written again (a restart replaying its day) replaces itself.
 */
export const marketBars = pgTable(
  "market_bars",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval", { enum: ["1m", "1d"] }).notNull(),
    time: timestamp("time", { withTimezone: true }).notNull(),
    open: doublePrecision("open").notNull(),
    high: doublePrecision("high").notNull(),
    low: doublePrecision("low").notNull(),
    close: doublePrecision("close").notNull(),
    volume: doublePrecision("volume").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.interval, table.time] }),
    check("market_bars_interval_check", sql`${table.interval} in ('1m', '1d')`),
  ],
);

const ACCESS_KEY_LIST = sql.raw("'Nifty', 'BankNifty', 'CrudeOil'");

/**
 * Per user and instrument (Nifty, BankNifty, CrudeOil): the operator's switch and the access period. Access
 * is open while `active` and `expires_at` is null or later than now; `expires_at` is always an Asia/Kolkata
 * midnight (the end of the last day). `updated_at` changes with every grant or switch, so the expiry sweeper
 * can also pick up changes made by another process (the command line).
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instrument: text("instrument", { enum: ["Nifty", "BankNifty", "CrudeOil"] }).notNull(),
    active: boolean("active").notNull().default(true),
    /** The start of the current access period (kept by an extension, reset by a grant after a lapse). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex("subscriptions_user_instrument_idx").on(table.userId, table.instrument),
    index("subscriptions_expires_at_idx").on(table.expiresAt),
    index("subscriptions_updated_at_idx").on(table.updatedAt),
    check("subscriptions_instrument_check", sql`${table.instrument} in (${ACCESS_KEY_LIST})`),
  ],
);

/**
 * The contributions ledger: what each user contributed, for which instruments, and who recorded it.
 * Append-only and non-refundable: the server has no path that changes or removes a row.
 */
export const contributions = pgTable(
  "contributions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instruments: text("instruments").array().$type<AccessKey[]>().notNull(),
    amountRupees: integer("amount_rupees").notNull(),
    /** The Asia/Kolkata day the contribution was received. */
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    method: text("method", {
      enum: ["upi", "bank-transfer", "cash", "complimentary", "other"],
    }).notNull(),
    reference: text("reference").notNull().default(""),
    note: text("note").notNull().default(""),
    /** The admin who recorded it; null for the command line. */
    recordedBy: bigint("recorded_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index("contributions_user_id_idx").on(table.userId),
    check("contributions_amount_check", sql`${table.amountRupees} >= 0`),
    check(
      "contributions_instruments_check",
      sql`cardinality(${table.instruments}) > 0 and ${table.instruments} <@ array[${ACCESS_KEY_LIST}]::text[]`,
    ),
    check(
      "contributions_method_check",
      sql`${table.method} in ('upi', 'bank-transfer', 'cash', 'complimentary', 'other')`,
    ),
  ],
);

/**
 * Refunds of access ended early under a research-analyst profile (docs/decisions/033): the unused part of
 * what was paid for the period, pro rata by whole days left. Append-only, like the contributions.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    instrument: text("instrument", { enum: ["Nifty", "BankNifty", "CrudeOil"] }).notNull(),
    amountRupees: integer("amount_rupees").notNull(),
    paidRupees: integer("paid_rupees").notNull(),
    daysLeft: integer("days_left").notNull(),
    periodDays: integer("period_days").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    previousLastDay: date("previous_last_day", { mode: "string" }).notNull(),
    endedOn: date("ended_on", { mode: "string" }).notNull(),
    reason: text("reason").notNull().default(""),
    /** The admin who recorded it; null for the command line. */
    recordedBy: bigint("recorded_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("refunds_user_id_idx").on(table.userId),
    check("refunds_amount_check", sql`${table.amountRupees} >= 0 and ${table.paidRupees} >= 0`),
    check("refunds_instrument_check", sql`${table.instrument} in (${ACCESS_KEY_LIST})`),
  ],
);

/** A user's online acceptance of one version of the risk disclosure agreement (the first one counts). */
export const rdaAcceptances = pgTable(
  "rda_acceptances",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [uniqueIndex("rda_acceptances_user_version_idx").on(table.userId, table.version)],
);

/**
 * The physically signed agreement, received by the operator: one row per user and version (recording it
 * again replaces the details; the audit log keeps each recording). Access cannot be granted without it.
 */
export const rdaSignedCopies = pgTable(
  "rda_signed_copies",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    channel: text("channel", {
      enum: ["messaging-app", "post", "in-person", "email"],
    }).notNull(),
    note: text("note").notNull().default(""),
    /** The admin who recorded it; null for the command line. */
    recordedBy: bigint("recorded_by", { mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("rda_signed_copies_user_version_idx").on(table.userId, table.version),
    check(
      "rda_signed_copies_channel_check",
      sql`${table.channel} in ('messaging-app', 'post', 'in-person', 'email')`,
    ),
  ],
);

/**
 * The operator's research-analyst profile (SEBI registration, officers, grievance contact): one row or none.
 * Officers are kept as jsonb ({ name, email, phone }), read back through the contracts' schema.
 */
export const researchAnalystProfile = pgTable(
  "research_analyst_profile",
  {
    id: integer("id").primaryKey().default(1),
    registeredName: text("registered_name").notNull(),
    registrationNumber: text("registration_number").notNull(),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validTo: date("valid_to", { mode: "string" }),
    raasbEnlistment: text("raasb_enlistment").notNull(),
    principalOfficer: jsonb("principal_officer").$type<Officer>().notNull(),
    complianceOfficer: jsonb("compliance_officer").$type<Officer>().notNull(),
    grievanceOfficer: jsonb("grievance_officer").$type<Officer>().notNull(),
    correspondenceAddress: text("correspondence_address").notNull(),
    parrvaVerified: boolean("parrva_verified").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [check("research_analyst_profile_single_row", sql`${table.id} = 1`)],
);

/** Users' acceptances of the Most Important Terms and Conditions, one per user and version. */
export const termsSummaryAcceptances = pgTable(
  "terms_summary_acceptances",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (table) => [
    uniqueIndex("terms_summary_acceptances_user_version_idx").on(table.userId, table.version),
  ],
);

/** The monthly complaints table the operator publishes (month YYYY-MM). */
export const complaintMonths = pgTable(
  "complaint_months",
  {
    month: text("month").primaryKey(),
    received: integer("received").notNull(),
    resolved: integer("resolved").notNull(),
    pending: integer("pending").notNull(),
    averageResolutionDays: doublePrecision("average_resolution_days"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      "complaint_months_counts_check",
      sql`${table.received} >= 0 and ${table.resolved} >= 0 and ${table.pending} >= 0`,
    ),
  ],
);

/**
 * A model's signal and, once triggered, its paper trade (the journal reads these rows):
 * instrument, option contract (direction = option_type), zones, lots and lot size, entry and exit, gross
 * P/L. Every transition goes through modules/signals/repository.ts recordTransition, in one transaction
 * with its signal_events row. `ltp`, `pnl_points` and `pnl` of an open trade are written at transitions
 * and at most every LTP_PERSIST_MS while it is open (not on every tick). `contract` keeps the rest of the
 * engine's record (expiresAt, squareOffAt, underlyingPrice) so a restart restores it whole.
 */
export const signals = pgTable(
  "signals",
  {
    id: text("id").primaryKey(),
    model: text("model").notNull(),
    /**
     * The version of the model that made it (packages/market models/model-versions.ts; decision
     * 028), "manual" for the operator's manual signals; rows written before versions were recorded
     * hold "before-versions" (decision 028). The record is kept per version, never restated.
     */
    modelVersion: text("model_version").notNull().default("before-versions"),
    instrument: text("instrument").notNull(),
    symbol: text("symbol").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    status: text("status", {
      enum: ["generated", "triggered", "closed", "cancelled"],
    }).notNull(),
    type: text("type").notNull().default("BUY"),
    optionType: text("option_type", { enum: ["CE", "PE"] }).notNull(),
    strike: doublePrecision("strike").notNull(),
    expiry: date("expiry", { mode: "string" }).notNull(),
    lots: integer("lots").notNull(),
    lotSize: integer("lot_size").notNull(),
    premium: doublePrecision("premium").notNull(),
    premiumPerLot: doublePrecision("premium_per_lot").notNull(),
    entryLow: doublePrecision("entry_low").notNull(),
    entryHigh: doublePrecision("entry_high").notNull(),
    target: doublePrecision("target").notNull(),
    stopLoss: doublePrecision("stop_loss").notNull(),
    ltp: doublePrecision("ltp"),
    entryPrice: doublePrecision("entry_price"),
    entryTime: timestamp("entry_time", { withTimezone: true }),
    exitPrice: doublePrecision("exit_price"),
    exitTime: timestamp("exit_time", { withTimezone: true }),
    closeReason: text("close_reason", { enum: ["target", "stop", "eod", "expiry"] }),
    pnlPoints: doublePrecision("pnl_points"),
    pnl: doublePrecision("pnl"),
    /**
     * Where the premium, LTP and P&L came from at the last price applied: "quote" (the contract's
     * broker quote) or "model" (the pricer); null on rows written before the price source was
     * recorded (model prices).
     */
    priceSource: text("price_source", { enum: ["quote", "model"] }),
    /** A closed trade's broker charges, written in the closing transaction; null until closed. */
    charges: jsonb("charges").$type<TradeCharges>(),
    /** pnl less charges.total (rupees); null until closed. */
    netPnl: doublePrecision("net_pnl"),
    /**
     * Model-priced fills only: the slippage in ticks, against the trader, that the fills took
     * around the model price, fixed at birth. Null for quote fills (the bid and the ask) and for rows
     * written before slippage was recorded (filled at the model price itself).
     */
    slippageTicks: integer("slippage_ticks"),
    /** What the fills cost against their reference prices (rupees, entry and exit); null until entry. */
    slippage: doublePrecision("slippage"),
    /**
     * The stop's limit: a stop-loss-limit sell's lowest price, fixed at birth. Null on rows written
     * before stop limits were recorded (their stop sells at any bid, as a stop-loss-market order).
     */
    stopLimit: doublePrecision("stop_limit"),
    /** When the last traded price reached the stop's trigger; null until then. */
    stopTriggeredAt: timestamp("stop_triggered_at", { withTimezone: true }),
    /** The bid was below the limit when the stop triggered: the stop rested unfilled (the price gapped past it). */
    stopRested: boolean("stop_rested").notNull().default(false),
    reason: text("reason").notNull(),
    indicators: jsonb("indicators").$type<Record<string, number>>().notNull(),
    contract: jsonb("contract")
      .$type<{ expiresAt: number; squareOffAt: number; underlyingPrice: number }>()
      .notNull(),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("signals_model_generated_idx").on(table.model, table.generatedAt),
    index("signals_day_model_idx").on(table.day, table.model),
    index("signals_model_exit_idx").on(table.model, table.exitTime),
    index("signals_model_version_exit_idx").on(table.model, table.modelVersion, table.exitTime),
    check(
      "signals_status_check",
      sql`${table.status} in ('generated', 'triggered', 'closed', 'cancelled')`,
    ),
    check("signals_option_type_check", sql`${table.optionType} in ('CE', 'PE')`),
  ],
);

/**
 * One row per transition of a signal (never per price): generated, triggered, stop-resting (the stop
 * triggered below its limit and rests unfilled), closed, cancelled.
 */
export const signalEvents = pgTable(
  "signal_events",
  {
    signalId: text("signal_id")
      .notNull()
      .references(() => signals.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind", {
      enum: ["generated", "triggered", "stop-resting", "closed", "cancelled"],
    }).notNull(),
    /** Market-clock instant of the transition. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The fields the transition changed (the signal-update it was broadcast as). */
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    /** Who caused it when not the market: "admin:<id>" for force-eod-close. */
    actor: text("actor"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The ledger entry appended with it, in the same transaction (null on rows from before). */
    ledgerSeq: integer("ledger_seq"),
    ledgerHash: text("ledger_hash"),
    /**
     * Latency stamps (null where not known: rows from before, the demo journal). `tick_at`: the market
     * time of the tick, bar close or clock reading that decided it; `decided_after_ms`: how long after it
     * the engine decided (market clock scaled to real time); `decided_at` and `committed_at`: real time,
     * the decision and the return of the transaction that holds it and its ledger entry.
     */
    tickAt: timestamp("tick_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedAfterMs: doublePrecision("decided_after_ms"),
    committedAt: timestamp("committed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.signalId, table.seq] }),
    check(
      "signal_events_kind_check",
      sql`${table.kind} in ('generated', 'triggered', 'stop-resting', 'closed', 'cancelled')`,
    ),
  ],
);

/** A part's levels on the underlying, as the scoring reads them. */
export type StoredPartLevels = PartLevels;

/**
 * Daily forecasts: one row per instrument and day, made before the session from the daily bars
 * up to the previous one; the parts as served, the underlying levels the scoring watches, and the outcomes
 * once the day is over (null until then).
 */
export const forecasts = pgTable(
  "forecasts",
  {
    instrument: text("instrument").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    priceKind: text("price_kind", { enum: ["premium", "level"] }).notNull(),
    expiry: date("expiry", { mode: "string" }),
    call: jsonb("call").$type<ForecastPart>().notNull(),
    put: jsonb("put").$type<ForecastPart>().notNull(),
    callLevels: jsonb("call_levels").$type<StoredPartLevels>().notNull(),
    putLevels: jsonb("put_levels").$type<StoredPartLevels>().notNull(),
    callOutcome: text("call_outcome", {
      enum: ["target", "stop", "neither", "undecided", "not-entered"],
    }),
    putOutcome: text("put_outcome", {
      enum: ["target", "stop", "neither", "undecided", "not-entered"],
    }),
    /** The day's close on the underlying, recorded when the day is scored (the Brier score's outcome). */
    close: doublePrecision("close"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    scoredAt: timestamp("scored_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.instrument, table.day] }),
    check(
      "forecasts_instrument_check",
      sql`${table.instrument} in ('nifty', 'banknifty', 'crudeoil', 'xau', 'xag', 'dollarx')`,
    ),
    check("forecasts_price_kind_check", sql`${table.priceKind} in ('premium', 'level')`),
    check(
      "forecasts_outcome_check",
      sql`${table.callOutcome} in ('target', 'stop', 'neither', 'undecided', 'not-entered') and ${table.putOutcome} in ('target', 'stop', 'neither', 'undecided', 'not-entered')`,
    ),
    index("forecasts_unscored_idx").on(table.day).where(sql`${table.scoredAt} is null`),
  ],
);

/**
 * The tamper-evident ledger (modules/ledger): every recorded signal event, and each closed trade
 * with its charges, appended in the transaction of the change it records. `content` is the canonical JSON
 * (ledger/hash-chain.ts canonicalJson) the hash covers; `hash` = SHA-256 over prev_hash, seq, day, kind and
 * content. Appends are serialised by a transaction-scoped advisory lock. Never updated or deleted.
 */
export const ledgerEntries = pgTable("ledger_entries", {
  seq: integer("seq").primaryKey(),
  /** The Asia/Kolkata day of the recorded instant (market clock). */
  day: date("day", { mode: "string" }).notNull(),
  kind: text("kind").notNull(),
  content: text("content").notNull(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The database's copy of the published day heads, for serving; verification reads the append-only file
 * DATA_DIR/ledger/heads.jsonl, which is what was published. A signed head (docs/record-format.md) names the
 * head published before it (prev_*, null for the first) and carries the operator's Ed25519 signature and
 * key id; heads published before heads were signed have neither. With a time-stamping authority, the
 * head's RFC 3161 token too.
 */
export const ledgerHeads = pgTable("ledger_heads", {
  day: date("day", { mode: "string" }).primaryKey(),
  seq: integer("seq").notNull(),
  hash: text("hash").notNull(),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  prevDay: date("prev_day", { mode: "string" }),
  prevSeq: integer("prev_seq"),
  prevHash: text("prev_hash"),
  /** Base64 of the 64-byte Ed25519 signature over the head's canonical JSON. */
  signature: text("signature"),
  /** SHA-256 (hex) of the signing key's raw public key. */
  keyId: text("key_id"),
  /**
   * Base64 of the DER RFC 3161 token stamping SHA-256 of the signed head's message, when LEDGER_TSA_URL is
   * set and the authority answered; set once.
   */
  timestampToken: text("timestamp_token"),
  /** Why the last attempt to stamp the head failed (retried at the next publication); null once stamped. */
  timestampFailure: text("timestamp_failure"),
  timestampFailedAt: timestamp("timestamp_failed_at", { withTimezone: true }),
});

/**
 * The broker's session: one row per broker. The access token is stored encrypted with SECRETS_KEY
 * (lib/secret-box.ts), never in the clear; every process on the same database reads it. `invalidAt` is set
 * when the broker refused the token (or it expired) and cleared by the next login; `notifiedAt` marks the
 * one e-mail the operator gets for that.
 */
export const brokerSessions = pgTable("broker_sessions", {
  broker: text("broker").primaryKey(),
  userId: text("user_id").notNull(),
  accessToken: text("access_token_enc").notNull(),
  loginAt: timestamp("login_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  invalidAt: timestamp("invalid_at", { withTimezone: true }),
  invalidReason: text("invalid_reason"),
  notifiedAt: timestamp("notified_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rows of the broker's instrument list that the product trades or streams (the two indices, and the
 * futures and options of NIFTY, BANKNIFTY and CRUDEOIL), replaced whole at each daily download.
 */
export const brokerInstruments = pgTable(
  "broker_instruments",
  {
    broker: text("broker").notNull(),
    token: bigint("token", { mode: "number" }).notNull(),
    exchangeToken: bigint("exchange_token", { mode: "number" }).notNull(),
    tradingSymbol: text("trading_symbol").notNull(),
    name: text("name").notNull(),
    expiry: date("expiry", { mode: "string" }),
    strike: doublePrecision("strike").notNull(),
    tickSize: doublePrecision("tick_size").notNull(),
    /** Kite's `lot_size` as listed: units on NFO, contracts on MCX (1), never barrels. */
    lotSize: integer("lot_size").notNull(),
    instrumentType: text("instrument_type").notNull(),
    segment: text("segment").notNull(),
    exchange: text("exchange").notNull(),
  },
  (table) => [primaryKey({ columns: [table.broker, table.token] })],
);

/** When each broker's instrument list was last downloaded, and how many rows it held in all. */
export const brokerInstrumentLists = pgTable("broker_instrument_lists", {
  broker: text("broker").primaryKey(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull(),
  /** Rows in the whole list (the table keeps only the product's). */
  listed: integer("listed").notNull(),
});

/**
 * The operator's calendar: a day whose trading differs from the shipped year files, or corrects
 * them. A row replaces the shipped data for its day entirely; deleting it restores the shipped day. Every
 * process reads the whole table (it is small) and applies it over the year files
 * (packages/market calendar/calendar-book.ts).
 */
export const calendarDays = pgTable(
  "calendar_days",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    /** "closed": an NSE trading holiday. */
    nse: text("nse", { enum: ["open", "closed"] }).notNull(),
    /** "morning" / "evening": MCX trades its morning (to 17:00) or evening (from 17:00) session only. */
    mcx: text("mcx", { enum: ["regular", "morning", "evening", "closed"] }).notNull(),
    /** The holiday's or the session's name ("Holi", "Muhurat trading"). */
    name: text("name").notNull(),
    /** Special sessions that day (Muhurat, a special Saturday), HH:MM India time. */
    sessions: jsonb("sessions")
      .$type<
        { exchange: "NSE" | "MCX"; kind: "muhurat" | "special"; open: string; close: string }[]
      >()
      .notNull()
      .default([]),
    /** Where the change comes from (a circular's number). */
    source: text("source").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("calendar_days_nse_check", sql`${table.nse} in ('open', 'closed')`),
    check(
      "calendar_days_mcx_check",
      sql`${table.mcx} in ('regular', 'morning', 'evening', 'closed')`,
    ),
  ],
);

/** A year's calendar status as the operator set it (a year with no row keeps its shipped status). */
export const calendarYears = pgTable(
  "calendar_years",
  {
    year: integer("year").primaryKey(),
    status: text("status", { enum: ["confirmed", "provisional"] }).notNull(),
    source: text("source").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("calendar_years_status_check", sql`${table.status} in ('confirmed', 'provisional')`),
  ],
);

/** When an operator reminder (one e-mail a week at most) was last sent, by topic. */
export const operatorReminders = pgTable("operator_reminders", {
  topic: text("topic").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

/**
 * Alerts. A browser's push subscription: the push service's endpoint (on the allow-list,
 * modules/alerts/channels/push/hosts.ts) and the browser's keys. One row per browser; an endpoint moves to whoever
 * subscribes with it last. Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The session that turned alerts on in this browser. Alerts go only while it lasts: signing out, a
     * password change or the operator's force-logout stops them, even with the browser closed.
     */
    sessionId: bigint("session_id", { mode: "number" })
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    /**
     * Sends in a row that had no answer (the push service's name did not resolve, the connection failed
     * or timed out). At PUSH_UNREACHABLE_LIMIT the browser is treated as gone, so an endpoint that never
     * answers cannot hold the sender up attempt after attempt; any answer sets it back to 0.
     */
    unreachable: integer("unreachable").notNull().default(0),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
    index("push_subscriptions_session_idx").on(table.sessionId),
  ],
);

/** Each user's alert preferences (packages/contracts/src/api/alerts.ts); absent: the defaults. */
export const alertPreferences = pgTable("alert_preferences", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened that subscribers may be told of: a signal's transition (written in the transition's own
 * transaction, so none is lost or told without being committed) or an access reminder. The fan-out turns
 * each into deliveries once, then marks it.
 */
export const alertEvents = pgTable(
  "alert_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Unique per happening: "signal:<id>:<kind>", "expiring:<user>:<instrument>:<day>". */
    key: text("key").notNull(),
    event: text("event", {
      enum: ["new-signal", "triggered", "closed", "access-expiring"],
    }).notNull(),
    instrument: text("instrument").$type<AccessKey>().notNull(),
    /** For a reminder, the one user it is for; for a signal, null (everyone with access). */
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, {
      onDelete: "cascade",
    }),
    /** What the message says (title, body, the screen it opens). */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /**
     * A signal's audience is fanned out a part at a time, in user id order (each part's rows are sent
     * while the next part is written): the last user id done, where the next part starts.
     */
    fanOutCursor: bigint("fan_out_cursor", { mode: "number" }).notNull().default(0),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("alert_events_key_idx").on(table.key),
    index("alert_events_pending_idx").on(table.id).where(sql`${table.fannedOutAt} is null`),
  ],
);

/**
 * The delivery queue: one row per event, channel and device (`dedupe_key` unique, so at most one each).
 * pending → sending (claimed by one process) → sent, or failed (a permanent refusal, or out of retries),
 * or skipped (no access at the moment of sending, quiet hours). A claim that outlives its process is
 * never sent again: "unknown" (at most once).
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text("dedupe_key").notNull(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => alertEvents.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["push", "telegram", "email"] }).notNull(),
    /** The push subscription's id, the Telegram chat's id, or the e-mail address. */
    target: text("target").notNull(),
    status: text("status", {
      enum: ["pending", "sending", "sent", "failed", "skipped", "unknown"],
    })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("alert_deliveries_dedupe_idx").on(table.dedupeKey),
    index("alert_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("alert_deliveries_created_idx").on(table.createdAt),
    check(
      "alert_deliveries_status_check",
      sql`${table.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'unknown')`,
    ),
  ],
);

/**
 * Each alert channel's sends of a signal's transition, kept beyond the deliveries' retention (the models'
 * decision-to-send is read over their whole record): the first and last send and how many. Keyed by the
 * alert event's key ("signal:<id>:<kind>", signal_events' signal_id and kind); written as each batch of
 * deliveries is recorded sent.
 */
export const signalAlertSends = pgTable(
  "signal_alert_sends",
  {
    alertKey: text("alert_key").notNull(),
    channel: text("channel", { enum: ["push", "telegram", "email"] }).notNull(),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
    sent: integer("sent").notNull(),
  },
  (table) => [primaryKey({ columns: [table.alertKey, table.channel] })],
);

/**
 * A user's Telegram chat with the operator's bot. Linking: the user asks Settings for a one-time deep link
 * (`link_token_hash`, valid for minutes; only its SHA-256 is kept), opens it in Telegram, and the bot's
 * /start with that token sets `chat_id`. /stop, the bot being blocked, unlinking in Settings or the
 * console, a password reset or change and the operator's force-logout unlink it.
 */
export const telegramLinks = pgTable(
  "telegram_links",
  {
    userId: bigint("user_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }),
    linkTokenHash: text("link_token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    /** How the chat's owner is called in Telegram (@username, or their name), for Settings and the console. */
    chatName: text("chat_name"),
  },
  (table) => [
    uniqueIndex("telegram_links_chat_idx").on(table.chatId),
    uniqueIndex("telegram_links_token_idx").on(table.linkTokenHash),
  ],
);

/**
 * A closed trade's premium excursions (decision 038), priced from the underlying's 1-minute bars while they
 * are stored (market_bars keeps a few sessions): kept here so the journal still has them when the bars are
 * gone. Per unit of premium; `minutes` priced of the trade's `span_minutes`. Written once, never changed.
 */
export const tradeExcursions = pgTable("trade_excursions", {
  signalId: text("signal_id")
    .primaryKey()
    .references(() => signals.id, { onDelete: "cascade" }),
  mae: doublePrecision("mae").notNull(),
  mfe: doublePrecision("mfe").notNull(),
  minutes: integer("minutes").notNull(),
  spanMinutes: integer("span_minutes").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each instrument's at-the-money implied volatility at a session's close (decision 038): the history the
 * option chain's IV percentile is taken over. `source`: "model" (the simulator's or a replay's surface) or
 * "broker" (the live level a broker's quotes gave). One row per instrument and day.
 */
export const atmIvDaily = pgTable(
  "atm_iv_daily",
  {
    symbol: text("symbol").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    iv: doublePrecision("iv").notNull(),
    source: text("source", { enum: ["model", "broker"] }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.day] }),
    check("atm_iv_daily_source_check", sql`${table.source} in ('model', 'broker')`),
  ],
);
