/**
 * An invitee newly flagged (lib/invitee-flags): one condition per invitee and flag, its subject the flag, so an
 * invitee fires once per flag for a rule however long it stays flagged — the "newly" — and every invitee newly caught
 * (each of a burst's) fires in the same evaluation. The thresholds are the connection's settings at evaluation.
 */
import "server-only";
import { inviteeHref } from "../reports/entity-links";
import { flagsOf } from "../invitee-flags/detect";
import { flagSettingsOf } from "../invitee-flags/settings-store";
import { EVIDENCE_LABELS, FLAG_KINDS, type RaisedFlag } from "../invitee-flags/types";
import type { Evaluator } from "./types";

/** The evidence under its words (a figure's key is shown as its label; these are the flag's own). */
const evidenceInWords = (f: RaisedFlag) => Object.fromEntries(Object.entries(f.evidence).map(([k, v]) => [EVIDENCE_LABELS[f.kind][k] ?? k, v]));

export const evaluateInviteeFlagged: Evaluator<"invitee-flagged"> = async ({ db, connectionId, params }) => {
  const settings = await flagSettingsOf(db, connectionId);
  const kinds = params.flag === "any" ? FLAG_KINDS : [params.flag];
  const flags = await flagsOf(db, connectionId, settings, undefined, kinds);
  const candidates = [...flags].flatMap(([uid, list]) =>
    list.map((f) => ({
      conditionKey: `flag:${f.kind}:${uid}`,
      subject: f.kind,
      sentence: `Invitee ${uid} is newly flagged: ${f.label} (${f.from === f.to ? f.from : `${f.from} → ${f.to}`}). The rule: ${f.rule}`,
      figures: { uid, flag: f.label, flagFrom: f.from, flagTo: f.to, ...evidenceInWords(f) },
      links: [{ label: `Invitee ${uid}`, href: inviteeHref(uid) }],
    })),
  );
  return { candidates, notes: [] };
};
